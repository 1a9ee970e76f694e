// An image's format and pixel size from its header, read by the maintained `image-size` library (null if unknown).
import { imageSize as readImageSize } from "image-size";

const MIME = { png: "image/png", gif: "image/gif", jpg: "image/jpeg", webp: "image/webp" } as const;

export interface ImageSize {
  type: (typeof MIME)[keyof typeof MIME];
  width: number;
  height: number;
}

/** The format (PNG, GIF, JPEG or WebP) and size of the image `bytes` start with, or null for anything else. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  try {
    const { type, width, height } = readImageSize(bytes);
    const mime = type ? MIME[type as keyof typeof MIME] : undefined;
    return mime && width > 0 && height > 0 ? { type: mime, width, height } : null;
  } catch {
    return null;
  }
}
