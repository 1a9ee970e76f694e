import { describe, expect, it } from "vitest";
import { crc32, encodePng } from "../../src/lib/png";
import { decodePng } from "./helpers/png";

describe("the PNG encoder", () => {
  it("uses the standard CRC-32 (check value of '123456789', and the IEND chunk every PNG ends with)", async () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    const png = await encodePng(1, 1, new Uint8Array([0, 0, 0]));
    expect([...png.subarray(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  });

  it("writes a PNG a decoder reads back pixel for pixel", async () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const png = await decodePng(await encodePng(3, 2, rgb));
    expect(png).toMatchObject({ types: ["IHDR", "IDAT", "IEND"], width: 3, height: 2, bitDepth: 8, colourType: 2 });
    // Each row: filter type 0, then the row's pixels as given.
    expect([...png.rows]).toEqual([0, ...rgb.subarray(0, 9), 0, ...rgb.subarray(9)]);
  });

  it("refuses pixel data of the wrong size", async () => {
    await expect(encodePng(2, 2, new Uint8Array(11))).rejects.toThrow(/12 bytes/);
  });
});
