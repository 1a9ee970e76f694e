import { describe, expect, it } from "vitest";
import { imageSize } from "../../src/lib/image-size";
import { tinyGif, tinyJpeg, tinyMp4, tinyWebp } from "./helpers/media-samples";
import { pngOf } from "./helpers/png";

describe("imageSize (the image-size library, as adapters use it)", () => {
  it("reads the format and pixel size of real PNG, JPEG, GIF and WebP files", async () => {
    expect(imageSize(await pngOf(800, 600))).toEqual({ type: "image/png", width: 800, height: 600 });
    expect(imageSize(tinyJpeg())).toEqual({ type: "image/jpeg", width: 8, height: 6 });
    expect(imageSize(tinyGif())).toEqual({ type: "image/gif", width: 8, height: 6 });
    expect(imageSize(tinyWebp())).toEqual({ type: "image/webp", width: 8, height: 6 });
  });

  it("answers null for what is not an image it reads, or is cut short", async () => {
    expect(imageSize(new TextEncoder().encode("<html>not an image</html>"))).toBeNull();
    expect(imageSize(tinyMp4())).toBeNull();
    expect(imageSize(tinyJpeg().subarray(0, 5))).toBeNull();
    expect(imageSize((await pngOf(2, 2)).subarray(0, 4))).toBeNull();
  });
});
