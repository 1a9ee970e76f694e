// What a media file is, read from its bytes alone: its type, pixel size, a video's length and codecs, a PDF's pages.
import { PDFDocument } from "@cantoo/pdf-lib";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import { createFile, type Movie, MP4BoxBuffer } from "mp4box";
import type { MediaType } from "../../db/schema/media";
import { AppError } from "../../lib/errors";

/** A file to read from: its size and a reader of byte ranges (an R2 object, or bytes in hand). */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.byteLength,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

export interface MediaFacts {
  type: MediaType;
  contentType: string;
  /** The extension its stored key gets. */
  extension: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  pages: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

/** The content types Herald takes, by what the bytes are (`file-type`'s answer), with their kind and extension. */
const TAKEN: Record<string, { type: MediaType; extension: string }> = {
  "image/jpeg": { type: "image", extension: "jpg" },
  "image/png": { type: "image", extension: "png" },
  "image/webp": { type: "image", extension: "webp" },
  "image/gif": { type: "image", extension: "gif" },
  "video/mp4": { type: "video", extension: "mp4" },
  "video/quicktime": { type: "video", extension: "mov" },
  "application/pdf": { type: "document", extension: "pdf" },
};

/** Declared types that name the same kind of bytes as the sniffed one (MP4 and QuickTime share one container). */
const SAME_AS: Record<string, string[]> = {
  "image/jpeg": ["image/jpeg", "image/jpg", "image/pjpeg"],
  "video/mp4": ["video/mp4", "video/quicktime", "video/x-m4v"],
  "video/quicktime": ["video/quicktime", "video/mp4", "video/x-m4v"],
};

const BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
  heif: "image/heif",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  pdf: "application/pdf",
  webm: "video/webm",
  txt: "text/plain",
};

/** What the client says the file is: its content type, else the type its name's extension stands for. */
export function declaredType(contentType: string | undefined, filename: string | undefined): string | null {
  const named = contentType?.split(";")[0]?.trim().toLowerCase();
  if (named && named !== "application/octet-stream") return named;
  const extension = filename?.split(".").pop()?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || null;
}

const unsupported = (message: string) => new AppError("unsupported_media_type", message);

/** Enough of the start of a file to know its type. */
export const SNIFF_BYTES = 4100;

/**
 * The file's type from its first bytes: one Herald takes, agreeing with what the client declared (when it declared
 * something), else 415 `unsupported_media_type`. HEIC is refused with its reason (no maintained HEIC decoder runs
 * in Workers: docs/decisions/media.md).
 */
export async function sniffType(head: Uint8Array, declared: string | null): Promise<string> {
  const mime = (await fileTypeFromBuffer(head))?.mime;
  if (!mime || !TAKEN[mime]) throw notTaken(mime);
  if (declared !== null && !(SAME_AS[mime] ?? [mime]).includes(declared)) {
    throw unsupported(`The file was declared as ${declared}, but its bytes are ${mime}; nothing was stored`);
  }
  return mime;
}

/** 415 `unsupported_media_type` for a type Herald does not take (HEIC with its reason), or bytes of no known type. */
export function notTaken(mime: string | undefined): AppError {
  if (mime === "image/heic" || mime === "image/heif") {
    return unsupported(
      "HEIC photos are not taken: Herald has no HEIC decoder that runs on its servers to convert them. Export the photo as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload that.",
    );
  }
  return unsupported(
    `The file is ${mime ?? "of no type Herald recognizes"}: Herald takes JPEG, PNG, WebP and GIF images, MP4 and MOV videos (H.264 or HEVC, AAC), and PDF documents`,
  );
}

/** The first bytes an image's header can need (JPEG puts its size after the EXIF block). */
const IMAGE_HEAD_BYTES = 1024 * 1024;
/** How much of a video is read looking for its `moov` box, in steps of `VIDEO_STEP_BYTES`. */
const VIDEO_PROBE_BYTES = 64 * 1024 * 1024;
const VIDEO_STEP_BYTES = 1024 * 1024;
/** The largest PDF whose pages are counted (LinkedIn's document limit); the whole file is read to count them. */
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

const VIDEO_CODECS = /^(avc1|avc3|hvc1|hev1)\b/;
const AUDIO_CODECS = /^mp4a\.40\./;

/** Everything Herald reads from a file whose type `sniffType` found: 415 when its contents do not bear it out. */
export async function readFacts(source: ByteSource, contentType: string): Promise<MediaFacts> {
  const taken = TAKEN[contentType]!;
  const base: MediaFacts = {
    ...taken,
    contentType,
    width: null,
    height: null,
    durationMs: null,
    pages: null,
    videoCodec: null,
    audioCodec: null,
  };
  if (taken.type === "image") return { ...base, ...(await imageFacts(source)) };
  if (taken.type === "video") return { ...base, ...(await videoFacts(source)) };
  return { ...base, pages: await documentPages(source) };
}

async function imageFacts(source: ByteSource) {
  try {
    const { width, height } = imageSize(await source.read(0, Math.min(source.size, IMAGE_HEAD_BYTES)));
    if (!(width > 0 && height > 0)) throw new Error("no size");
    return { width, height };
  } catch {
    throw unsupported("The image's header cannot be read: the file is damaged or not what it seems");
  }
}

/** Parses the MP4/QuickTime boxes (mp4box.js) from the start, jumping where it asks, until the movie header is read. */
async function readMovie(source: ByteSource): Promise<Movie | null> {
  const file = createFile();
  let movie: Movie | null = null;
  let failed = false;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };
  let offset = 0;
  let read = 0;
  while (movie === null && !failed && offset < source.size && read < VIDEO_PROBE_BYTES) {
    const chunk = await source.read(offset, Math.min(VIDEO_STEP_BYTES, source.size - offset));
    read += chunk.byteLength;
    const copy = chunk.slice().buffer;
    const next = file.appendBuffer(
      MP4BoxBuffer.fromArrayBuffer(copy, offset),
      offset + chunk.byteLength >= source.size,
    );
    offset = next > offset ? next : offset + chunk.byteLength;
  }
  file.flush();
  return movie;
}

async function videoFacts(source: ByteSource) {
  let movie: Movie | null = null;
  try {
    movie = await readMovie(source);
  } catch {
    movie = null;
  }
  if (movie === null) throw unsupported("The video's header (its moov box) cannot be read: the file is damaged");
  const { tracks, duration, timescale } = movie as Movie;
  const video = tracks.find((t) => t.type === "video" || t.video);
  const audio = tracks.find((t) => t.type === "audio" || t.audio);
  if (!video) throw unsupported("The file holds no video track");
  if (!VIDEO_CODECS.test(video.codec)) {
    throw unsupported(`The video is encoded as ${video.codec}: Herald takes H.264 or HEVC video`);
  }
  if (audio && !AUDIO_CODECS.test(audio.codec)) {
    throw unsupported(`The audio is encoded as ${audio.codec}: Herald takes AAC audio`);
  }
  return {
    width: video.video?.width ?? video.track_width,
    height: video.video?.height ?? video.track_height,
    durationMs: timescale > 0 ? Math.round((duration / timescale) * 1000) : null,
    videoCodec: video.codec,
    audioCodec: audio?.codec ?? null,
  };
}

async function documentPages(source: ByteSource): Promise<number> {
  if (source.size > DOCUMENT_MAX_BYTES) {
    throw new AppError(
      "payload_too_large",
      `A PDF may be up to ${DOCUMENT_MAX_BYTES} bytes (100 MB); this one is ${source.size} bytes`,
    );
  }
  try {
    const doc = await PDFDocument.load(await source.read(0, source.size), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    return doc.getPageCount();
  } catch {
    throw unsupported("The PDF cannot be read: the file is damaged");
  }
}
