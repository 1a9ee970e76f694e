/** An image's format and pixel size, read from its header (PNG, GIF, JPEG), or null for anything else. */
export interface ImageSize {
  type: "image/png" | "image/gif" | "image/jpeg";
  width: number;
  height: number;
}

export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = (signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47]) && bytes.length >= 24) {
    // The IHDR chunk comes first: width and height, big-endian, at bytes 16 and 20.
    return { type: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (starts([0x47, 0x49, 0x46, 0x38]) && bytes.length >= 10) {
    // The logical screen size, little-endian, after "GIF87a"/"GIF89a".
    return { type: "image/gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (starts([0xff, 0xd8])) return jpegSize(bytes, view);
  return null;
}

/** A start-of-frame marker (SOF0–SOF15, except DHT, JPG and DAC) holds the frame's height, then width. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) {
      return { type: "image/jpeg", width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}
