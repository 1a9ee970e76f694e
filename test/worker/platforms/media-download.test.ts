import { describe, expect, it } from "vitest";
import { downloadMedia } from "../../../src/platforms/media";
import { PlatformError } from "../../../src/platforms/types";
import { type Answer, bytes, scriptedPlatform } from "../helpers/platform";

const redirect =
  (location: string): Answer =>
  () =>
    new Response(null, { status: 302, headers: { location } });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("media downloads (the SSRF guard)", () => {
  it.each([
    "https://169.254.169.254/latest/meta-data/iam",
    "http://10.1.2.3/a.png",
    "https://localhost/a.png",
    "https://[fd00::1]/a.png",
    "https://0x7f.1/a.png",
  ])("refuses %s without fetching it", async (url) => {
    const platform = scriptedPlatform([]);
    const error = await refusal(downloadMedia(platform.deps, { type: "image", url }, 1024));
    expect(error).toMatchObject({ failure: "refused", code: "MEDIA_UNAVAILABLE" });
    expect(platform.sent).toEqual([]);
  });

  it("rule 16: refuses a media URL that cannot be decoded, as media_unavailable, before fetching it", async () => {
    for (const url of ["https://cdn.example.com/a%ZZ.jpg", "https://cdn.example.com/%E2%82.png"]) {
      const platform = scriptedPlatform([{ expect: `GET ${url}`, answer: bytes(10, "image/jpeg") }]);
      const error = await refusal(downloadMedia(platform.deps, { type: "image", url }, 1024));
      expect(error, url).toMatchObject({ failure: "refused", code: "MEDIA_UNAVAILABLE" });
      expect(platform.sent, url).toEqual([]);
    }
  });

  it("follows a redirect to a public host, by hand, and keeps the file's own name", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://media.example.com/photo.png", answer: redirect("https://cdn.example.net/abc?sig=1") },
      { expect: "GET https://cdn.example.net/abc?sig=1", answer: bytes(10, "image/png") },
    ]);
    const file = await downloadMedia(
      platform.deps,
      { type: "image", url: "https://media.example.com/photo.png" },
      1024,
    );
    expect(file).toMatchObject({ type: "image/png", filename: "photo.png" });
    expect(file.bytes.byteLength).toBe(10);
  });

  it("refuses a redirect to a private address, and does not follow it", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://media.example.com/a.png", answer: redirect("http://192.168.0.10/admin") },
    ]);
    const error = await refusal(
      downloadMedia(platform.deps, { type: "image", url: "https://media.example.com/a.png" }, 1024),
    );
    expect(error.code).toBe("MEDIA_UNAVAILABLE");
    expect(platform.sent).toHaveLength(1);
  });

  it("gives up after three redirects", async () => {
    const hops = [1, 2, 3, 4].map((n) => ({
      expect: `GET https://media.example.com/${n}`,
      answer: redirect(`https://media.example.com/${n + 1}`),
    }));
    const platform = scriptedPlatform(hops);
    const error = await refusal(
      downloadMedia(platform.deps, { type: "image", url: "https://media.example.com/1" }, 1024),
    );
    expect(error).toMatchObject({ code: "MEDIA_UNAVAILABLE", message: expect.stringContaining("redirects") });
    expect(platform.sent).toHaveLength(4);
  });

  it("stops reading a file over the platform's limit, declared or not", async () => {
    const undeclared: Answer = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(600));
          },
        }),
        { status: 200, headers: { "content-type": "video/mp4" } },
      );
    const platform = scriptedPlatform([
      { expect: "GET https://media.example.com/big.mp4", answer: bytes(2048, "video/mp4") },
      { expect: "GET https://media.example.com/endless.mp4", answer: undeclared },
    ]);
    for (const name of ["big.mp4", "endless.mp4"]) {
      const error = await refusal(
        downloadMedia(platform.deps, { type: "video", url: `https://media.example.com/${name}` }, 1024),
      );
      expect(error).toMatchObject({ failure: "refused", code: "MEDIA_TOO_LARGE" });
    }
  });
});
