// A file answered as a download: its type and name, never cached, never sniffed as another type.
import type { Context } from "hono";

/** A file: a report's CSV or PDF (made in memory), a flow's collected data (streamed). */
export interface Download {
  filename: string;
  contentType: string;
  content: string | Uint8Array | ReadableStream;
}

export const download = (c: Context, file: Download) =>
  // Bytes are made here in memory, never over a shared buffer.
  c.body(file.content as string | Uint8Array<ArrayBuffer> | ReadableStream, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
