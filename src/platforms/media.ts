// Fetching a post's media from public hosts to upload it, and waiting while a platform processes it.
import { BodyTooLarge, readCapped } from "../lib/capped-body";
import { CALL_TIMEOUT_MS, fetchPublic, type HopRefusal, type HttpDeps, refuseUnless } from "./http";
import { type OutgoingMedia, PlatformError } from "./types";

/** Fetching the media a post names, to upload it, and waiting while a platform processes it. */

export const MB = 1024 * 1024;

export interface MediaFile {
  bytes: Uint8Array;
  /** MIME type, from the server's answer or else from the file name. */
  type: string;
  filename: string;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

/**
 * Opens a media item to upload it: Herald's own media straight from R2 (`storedMedia`), anything else only from
 * public hosts: the SSRF guard, checked again at every redirect (`fetchPublic`). Nothing has been posted yet, so a
 * server error is transient; a missing file, a URL that is not on a public host or does not decode, or a declared
 * size over `maxBytes` is refused. The answer's body is the file, to read (`readMedia`) or to stream on.
 */
export async function openMedia(
  deps: HttpDeps,
  media: Pick<OutgoingMedia, "url">,
  maxBytes: number,
): Promise<Response> {
  const stored = await deps.storedMedia?.(media.url);
  if (stored) {
    if (Number(stored.headers.get("content-length")) > maxBytes) {
      await stored.body?.cancel();
      throw tooLarge(media, maxBytes);
    }
    return stored;
  }
  const refuse = ({ reason }: HopRefusal) =>
    new PlatformError("refused", `The media at ${media.url} cannot be fetched: ${reason}`, "MEDIA_UNAVAILABLE");
  let res: Response;
  try {
    const init = { method: "GET", signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
    // Media hosts are never the sandbox's loopback receiver: the guard runs as in production.
    res = await fetchPublic({ ...deps, sandbox: false }, media.url, init, { allowHttp: true, refuse });
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    throw new PlatformError("transient", `The media at ${media.url} could not be fetched (${String(error)})`);
  }
  if (res.status >= 500) throw new PlatformError("transient", `The media at ${media.url} answered ${res.status}`);
  refuseUnless(res.ok, "MEDIA_UNAVAILABLE", `The media at ${media.url} answered ${res.status}`);
  if (Number(res.headers.get("content-length") ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge(media, maxBytes);
  }
  return res;
}

const tooLarge = (media: Pick<OutgoingMedia, "url">, maxBytes: number) =>
  new PlatformError(
    "refused",
    `The media at ${media.url} is larger than the platform takes (${maxBytes} bytes)`,
    "MEDIA_TOO_LARGE",
  );

/** Reads an opened media item's body whole, stopping the moment it passes `maxBytes`. */
export async function readMedia(res: Response, media: Pick<OutgoingMedia, "url">, maxBytes: number) {
  try {
    return await readCapped(res, maxBytes);
  } catch (error) {
    throw error instanceof BodyTooLarge ? tooLarge(media, maxBytes) : error;
  }
}

/** Fetches a media item whole (see `openMedia`), reading no more than `maxBytes`. */
export async function downloadMedia(deps: HttpDeps, media: OutgoingMedia, maxBytes: number): Promise<MediaFile> {
  const res = await openMedia(deps, media, maxBytes);
  const bytes = await readMedia(res, media, maxBytes);
  return { bytes, ...describeMedia(res, media) };
}

/** The file's name (from its URL) and MIME type (as served, else from the name). */
function describeMedia(res: Response, media: Pick<OutgoingMedia, "type" | "url">) {
  const named = new URL(media.url).pathname.split("/").pop();
  const filename = decodeURIComponent(named || "") || (media.type === "video" ? "video.mp4" : "image.jpg");
  const declared = res.headers.get("content-type")?.split(";")[0]?.trim();
  const extension = filename.split(".").pop()?.toLowerCase() ?? "";
  const type =
    declared && declared !== "application/octet-stream"
      ? declared
      : (TYPES_BY_EXTENSION[extension] ?? (media.type === "video" ? "video/mp4" : "image/jpeg"));
  return { type, filename };
}

/** A media file opened to be streamed to a platform that must be told its size first. */
export interface SizedMedia {
  size: number;
  type: string;
  filename: string;
  /** Reads the file in parts of the sizes asked for. */
  parts: PartReader;
}

/**
 * Opens a media item to stream it in parts (see `openMedia`). Its size comes from `Content-Length`; a host
 * that does not send one has the file read whole first, as far as a Worker can hold (`unsizedMaxBytes`).
 */
export async function openSizedMedia(
  deps: HttpDeps,
  media: Pick<OutgoingMedia, "type" | "url">,
  maxBytes: number,
  unsizedMaxBytes: number,
): Promise<SizedMedia> {
  const res = await openMedia(deps, media, maxBytes);
  let size = Number(res.headers.get("content-length"));
  let stream = res.body ?? new Blob([]).stream();
  if (!(size > 0)) {
    const whole = await readMedia(res, media, unsizedMaxBytes);
    size = whole.byteLength;
    stream = new Blob([whole]).stream();
  }
  return { size, ...describeMedia(res, media), parts: new PartReader(stream.getReader()) };
}

/** Reads a stream in parts of exactly the sizes asked for. */
export class PartReader {
  private rest: Uint8Array = new Uint8Array(0);

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async take(size: number): Promise<Uint8Array> {
    const part = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      if (this.rest.length === 0) {
        const { done, value } = await this.reader.read();
        if (done) throw new PlatformError("transient", "The media ended before its announced size");
        this.rest = value;
      }
      const n = Math.min(size - filled, this.rest.length);
      part.set(this.rest.subarray(0, n), filled);
      this.rest = this.rest.subarray(n);
      filled += n;
    }
    return part;
  }
}

export interface Wait {
  intervalMs: number;
  timeoutMs: number;
}

/**
 * Looks at `check` until it answers done, waiting `intervalMs` between looks. Past `timeoutMs` the media
 * is still processing: nothing was published, so it is a transient failure the publish queue retries.
 */
export async function waitUntilReady(
  deps: HttpDeps,
  wait: Wait,
  what: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = deps.now() + wait.timeoutMs;
  for (;;) {
    if (await check()) return;
    if (deps.now() >= deadline) {
      throw new PlatformError(
        "transient",
        `${what} was still processing after ${Math.round(wait.timeoutMs / 1000)} s`,
        "MEDIA_STILL_PROCESSING",
      );
    }
    await sleep(wait.intervalMs);
  }
}
