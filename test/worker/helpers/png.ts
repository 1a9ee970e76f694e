import { decodeImage, encodePng } from "../../../src/services/media/codecs";

/** A PNG of `width`×`height` in one grey (`level`), made with the codec Herald uses. */
export const pngOf = (width: number, height: number, level = 0) =>
  encodePng({ data: new Uint8ClampedArray(width * height * 4).fill(level), width, height });

/** A PNG decoded by the codec Herald uses: its size and RGBA pixels (a file that is not one fails). */
export async function decodePng(bytes: Uint8Array) {
  return decodeImage(bytes.slice().buffer, "image/png");
}
