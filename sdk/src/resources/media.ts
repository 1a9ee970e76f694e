import type { Http } from "../http.ts";
import type { Query, Schema } from "../types.ts";

type ListQuery = Query<"/api/v1/media", "get">;
export type Media = Schema<"Media">;
export type MediaUpload = Schema<"MediaUpload">;

/** Files up to this size go in one request; larger ones through the resumable protocol. */
export const SINGLE_UPLOAD_BYTES = 16 * 1024 * 1024;

export interface UploadOptions {
  /** The file's name (a `File` has its own). */
  filename?: string;
  /** The file's declared type (a `Blob` may carry its own); Herald reads the real one from the bytes. */
  contentType?: string;
  altText?: string;
  /** Called as bytes are sent: how many of how many. */
  onProgress?: (sent: number, total: number) => void;
  /** Carries on an earlier resumable upload of the same file: only the parts it lacks are sent. */
  uploadId?: string;
  /** Called once a resumable upload has started, with its id (keep it to resume later). */
  onUploadStarted?: (upload: MediaUpload) => void;
  /** Files larger than this use the resumable protocol (default 16 MiB). */
  resumableOver?: number;
}

export const media = (http: Http) => {
  const start = (file: Blob, filename: string, options: UploadOptions) =>
    http.data<"/api/v1/media/uploads", "post", 201>("post", "/api/v1/media/uploads", {
      body: {
        filename,
        content_type: options.contentType || file.type || "application/octet-stream",
        size: file.size,
        ...(options.altText !== undefined ? { alt_text: options.altText } : {}),
      },
    });

  /** The upload to carry on: the one named (if it is still open and of this size), else a new one. */
  const openUpload = async (file: Blob, filename: string, options: UploadOptions): Promise<MediaUpload> => {
    if (options.uploadId) {
      try {
        const known = await http.data("get", "/api/v1/media/uploads/{uploadId}", {
          params: { uploadId: options.uploadId },
        });
        if (known.size === file.size) return known;
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
    const started = await start(file, filename, options);
    options.onUploadStarted?.(started);
    return started;
  };

  const resumable = async (file: Blob, filename: string, options: UploadOptions) => {
    const upload = await openUpload(file, filename, options);
    const arrived = new Set(upload.received.map((p) => p.n));
    let sent = upload.received.reduce((sum, p) => sum + p.size, 0);
    options.onProgress?.(sent, file.size);
    for (let n = 1; n <= upload.parts; n++) {
      if (arrived.has(n)) continue;
      const part = file.slice((n - 1) * upload.part_size, Math.min(n * upload.part_size, file.size));
      await http.data("put", "/api/v1/media/uploads/{uploadId}/parts/{n}", {
        params: { uploadId: upload.upload_id, n: String(n) },
        rawBody: new Uint8Array(await part.arrayBuffer()),
        headers: { "content-type": "application/octet-stream" },
      });
      sent += part.size;
      options.onProgress?.(sent, file.size);
    }
    return http.data<"/api/v1/media/uploads/{uploadId}/complete", "post", 201>(
      "post",
      "/api/v1/media/uploads/{uploadId}/complete",
      { params: { uploadId: upload.upload_id } },
    );
  };

  return {
    /**
     * Uploads a file to the media library: in one request up to `resumableOver` bytes, else resumably, part by
     * part (`uploadId` carries on an earlier upload of the same file). Answers the media item.
     */
    upload: async (file: Blob, options: UploadOptions = {}): Promise<Media> => {
      const filename = options.filename ?? (file as { name?: string }).name ?? "file";
      if (file.size > (options.resumableOver ?? SINGLE_UPLOAD_BYTES) || options.uploadId) {
        return resumable(file, filename, options);
      }
      const form = new FormData();
      const typed = options.contentType ? new Blob([file], { type: options.contentType }) : file;
      form.append("file", typed, filename);
      if (options.altText !== undefined) form.append("alt_text", options.altText);
      const created = await http.data<"/api/v1/media", "post", 201>("post", "/api/v1/media", { rawBody: form });
      options.onProgress?.(file.size, file.size);
      return created;
    },
    list: async (query?: ListQuery) => (await http.call("get", "/api/v1/media", { query })).data,
    page: (query: ListQuery = {}) => http.call("get", "/api/v1/media", { query }),
    get: (id: string) => http.data("get", "/api/v1/media/{id}", { params: { id } }),
    update: (id: string, body: { alt_text: string | null }) =>
      http.data("patch", "/api/v1/media/{id}", { params: { id }, body }),
    delete: (id: string) => http.data("delete", "/api/v1/media/{id}", { params: { id } }),
    /** Where a resumable upload stands. */
    uploadStatus: (uploadId: string) => http.data("get", "/api/v1/media/uploads/{uploadId}", { params: { uploadId } }),
    /** Aborts a resumable upload. */
    abortUpload: (uploadId: string) =>
      http.data("delete", "/api/v1/media/uploads/{uploadId}", { params: { uploadId } }),
  };
};

export type MediaResource = ReturnType<typeof media>;
