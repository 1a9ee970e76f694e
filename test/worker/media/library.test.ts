import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, newUser } from "../helpers/api";
import { pdf, png, stored, uploaded, uploadForm } from "../helpers/media";
import { tinyGif, tinyHeic, tinyHevcMov, tinyJpeg, tinyMp4, tinyWebm, tinyWebp } from "../helpers/media-samples";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
});

describe("uploading a file whole", () => {
  it("reads each accepted type, its size, pixels, length, codecs and pages from the bytes", async () => {
    const cases = [
      {
        bytes: await png(1, 1),
        filename: "dot.png",
        expect: { type: "image", content_type: "image/png", width: 1, height: 1 },
      },
      {
        bytes: tinyJpeg(),
        filename: "a.jpg",
        expect: { type: "image", content_type: "image/jpeg", width: 8, height: 6 },
      },
      {
        bytes: tinyWebp(),
        filename: "a.webp",
        expect: { type: "image", content_type: "image/webp", width: 8, height: 6 },
      },
      {
        bytes: tinyGif(),
        filename: "a.gif",
        expect: { type: "image", content_type: "image/gif", width: 8, height: 6 },
      },
      {
        bytes: tinyMp4(),
        filename: "clip.mp4",
        expect: { type: "video", content_type: "video/mp4", width: 16, height: 16, duration_ms: 1000 },
      },
      {
        bytes: tinyHevcMov(),
        filename: "clip.mov",
        expect: { type: "video", content_type: "video/quicktime", width: 16, height: 16, duration_ms: 1000 },
      },
      {
        bytes: await pdf(1),
        filename: "deck.pdf",
        expect: { type: "document", content_type: "application/pdf", pages: 1 },
      },
    ];
    for (const c of cases) {
      const media = await uploaded(user.key, c.bytes, { filename: c.filename });
      expect(media, c.filename).toMatchObject({ ...c.expect, size: c.bytes.byteLength, filename: c.filename });
      expect(media.id).toMatch(/^med_/);
      const served = await exports_fetch(media.url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(c.bytes));
    }
    const { results } = await env.DB.prepare(
      "SELECT video_codec, audio_codec FROM media WHERE type = 'video' ORDER BY content_type",
    ).all();
    expect(results).toEqual([
      { video_codec: expect.stringMatching(/^avc1/), audio_codec: "mp4a.40.2" },
      { video_codec: expect.stringMatching(/^hvc1/), audio_codec: "mp4a.40.2" },
    ]);
  });

  it("refuses a PNG renamed .mp4 (and declared video/mp4) with 415, storing nothing", async () => {
    const before = await stored();
    const res = await uploadForm(user.key, await png(), { filename: "holiday.mp4", type: "video/mp4" });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
    expect(res.body.error.message).toContain("image/png");
    expect(await stored()).toEqual(before);
  });

  it("refuses what Herald does not take (VP8 WebM, text, HEIC with its reason), storing nothing", async () => {
    const before = await stored();
    const webm = await uploadForm(user.key, tinyWebm(), { filename: "a.webm" });
    expect([webm.status, webm.body.error.code]).toEqual([415, "unsupported_media_type"]);
    const text = await uploadForm(user.key, new TextEncoder().encode("hello, world"), { filename: "a.txt" });
    expect([text.status, text.body.error.code]).toEqual([415, "unsupported_media_type"]);
    const heic = await uploadForm(user.key, tinyHeic(), { filename: "IMG_0001.HEIC" });
    expect([heic.status, heic.body.error.code]).toEqual([415, "unsupported_media_type"]);
    expect(heic.body.error.message).toContain("HEIC");
    expect(await stored()).toEqual(before);
  });

  it("takes alt text with the file, and PATCH changes it", async () => {
    const media = await uploaded(user.key, await png(), { filename: "a.png", altText: "A grey dot" });
    expect(media.alt_text).toBe("A grey dot");
    const patched = await api("PATCH", `/api/v1/media/${media.id}`, { key: user.key, body: { alt_text: "A dot" } });
    expect([patched.status, patched.body.data.alt_text]).toEqual([200, "A dot"]);
    const tooLong = await api("PATCH", `/api/v1/media/${media.id}`, {
      key: user.key,
      body: { alt_text: "a".repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).body.data.alt_text).toBe("A dot");
  });
});

describe("the library", () => {
  it("lists newest first a page at a time, filtered by type", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await uploaded(user.key, await png(i + 1, 1), { filename: `${i}.png` }));
    made.push(await uploaded(user.key, tinyMp4(), { filename: "v.mp4" }));
    const first = await api("GET", "/api/v1/media?limit=2", { key: user.key });
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual([made[3].id, made[2].id]);
    const second = await api("GET", `/api/v1/media?limit=2&cursor=${first.body.next_cursor}`, { key: user.key });
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual([made[1].id, made[0].id]);
    expect(second.body.next_cursor).toBeNull();
    const videos = await api("GET", "/api/v1/media?type=video", { key: user.key });
    expect(videos.body.data.map((m: { id: string }) => m.id)).toEqual([made[3].id]);
  });

  it("shows another user's media to no one: 404 on every route, and an unknown id in a post", async () => {
    const media = await uploaded(user.key, await png(), { filename: "a.png" });
    const other = await newUser("creator");
    for (const [method, body] of [["GET"], ["PATCH", { alt_text: "mine" }], ["DELETE"]] as const) {
      const res = await api(method, `/api/v1/media/${media.id}`, { key: other.key, body });
      expect([method, res.status, res.body.error.code]).toEqual([method, 404, "not_found"]);
    }
    const list = await api("GET", "/api/v1/media", { key: other.key });
    expect(list.body.data).toEqual([]);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).body.data.alt_text).toBeNull();
  });
});

/** The Worker's own answer to a URL it handed out (`/media/<key>`). */
async function exports_fetch(url: string) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(new Request(url.replace(/^https?:\/\/[^/]+/, "http://herald.test")));
}
