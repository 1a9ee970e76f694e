import { describe, expect, it } from "vitest";
import { imageSize } from "../../src/lib/image-size";
import { encodePng } from "../../src/lib/png";

describe("imageSize (reads an image's pixel size from its header)", () => {
  it("reads a PNG's IHDR", async () => {
    expect(imageSize(await encodePng(800, 600, new Uint8Array(800 * 600 * 3)))).toEqual({
      type: "image/png",
      width: 800,
      height: 600,
    });
  });

  it("reads a GIF's logical screen size (little-endian)", () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x90, 0x01, 0x2c, 0x01, 0, 0, 0]);
    expect(imageSize(gif)).toEqual({ type: "image/gif", width: 400, height: 300 });
  });

  it("walks a JPEG's segments to its start-of-frame, past APP0 and a huffman table", () => {
    const jpeg = new Uint8Array([
      0xff,
      0xd8, // SOI
      0xff,
      0xe0,
      0x00,
      0x10,
      ...new Array(14).fill(0), // APP0 (JFIF), 16 bytes long
      0xff,
      0xc4,
      0x00,
      0x04,
      0x00,
      0x00, // DHT: not a frame, though C4 is in the SOF range
      0xff,
      0xc2,
      0x00,
      0x11,
      0x08,
      0x02,
      0x58,
      0x03,
      0x20,
      0x03, // SOF2: 8 bits, height 600, width 800
    ]);
    expect(imageSize(jpeg)).toEqual({ type: "image/jpeg", width: 800, height: 600 });
  });

  it("answers null for what is not one of them, or is cut short", () => {
    expect(imageSize(new TextEncoder().encode("<html>not an image</html>"))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(imageSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
