import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, connect, herald, heraldAs, newUser } from "./helpers";

const MIB = 1024 * 1024;

/** A grey PNG of `width`×`height`, padded with `padding` zero bytes after its end (still a PNG). */
function png(width: number, height: number, padding = 0) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3), 200);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
    Buffer.alloc(padding),
  ]);
}

describe("herald media", () => {
  let key: string;
  let dir: string;
  const run = (args: string[]) => heraldAs(key, args);

  beforeAll(async () => {
    key = await newUser();
    dir = mkdtempSync(join(tmpdir(), "herald-media-"));
  });

  it("uploads a file, lists it and deletes it", async () => {
    const path = join(dir, "dot.png");
    writeFileSync(path, png(3, 2));
    const uploaded = await run(["media", "upload", path, "--alt", "A dot"]);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(uploaded.json).toMatchObject({ type: "image", width: 3, height: 2, alt_text: "A dot", filename: "dot.png" });
    const listed = await run(["media", "list", "--type", "image"]);
    expect(listed.json.map((m: { id: string }) => m.id)).toContain(uploaded.json.id);
    const deleted = await run(["media", "delete", uploaded.json.id]);
    expect(deleted.json).toEqual({ id: uploaded.json.id, deleted: true });
    const gone = await run(["media", "get", uploaded.json.id]);
    expect([gone.code, gone.error.status, gone.error.error.code]).toEqual([1, 404, "not_found"]);
  });

  it("resumes a large upload cut off after two parts: run again, it sends only the rest, with a progress bar", async () => {
    await api("PATCH", "/api/v1/sandbox/config", key, { media_part_size_bytes: 5 * MIB });
    const path = join(dir, "big.png");
    const bytes = png(4, 4, 11 * MIB);
    writeFileSync(path, bytes);
    // An earlier run got parts 1 and 2 through before it was stopped, and remembered its upload.
    const upload = await api("POST", "/api/v1/media/uploads", key, {
      filename: "big.png",
      content_type: "image/png",
      size: bytes.byteLength,
    });
    for (const n of [1, 2]) {
      const res = await fetch(`${baseUrl}/api/v1/media/uploads/${upload.upload_id}/parts/${n}`, {
        method: "PUT",
        headers: { "x-api-key": key },
        body: bytes.subarray((n - 1) * 5 * MIB, n * 5 * MIB),
      });
      expect(res.status).toBe(200);
    }
    const stat = statSync(path);
    writeFileSync(
      join(dir, "uploads.json"),
      JSON.stringify({ [`${resolve(path)}:${stat.size}:${Math.floor(stat.mtimeMs)}`]: upload.upload_id }),
    );
    const again = await herald(["media", "upload", path], {
      HERALD_API_KEY: key,
      HERALD_BASE_URL: baseUrl,
      HERALD_STATE_DIR: dir,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.json).toMatchObject({ type: "image", size: bytes.byteLength, width: 4 });
    const bars = again.stderr.trim().split("\n");
    expect(bars[0]).toMatch(/big\.png \[#+\.*\]\s+91%\s+10\.0 of 11\.0 MB/);
    expect(bars.at(-1)).toMatch(/100%\s+11\.0 of 11\.0 MB/);
    expect(JSON.parse(readFileSync(join(dir, "uploads.json"), "utf8"))).toEqual({});
  });

  it("posts create --media-file uploads the file and posts it", async () => {
    const bluesky = (await connect(key, "bluesky")).id;
    const path = join(dir, "photo.png");
    writeFileSync(path, png(5, 5));
    const created = await run([
      "posts",
      "create",
      "--text",
      "With a file",
      "--platforms",
      JSON.stringify([{ platform: "bluesky", account_id: bluesky }]),
      "--media-file",
      path,
      "--alt",
      "Five by five",
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.json.media).toEqual([
      {
        media_id: expect.stringMatching(/^med_/),
        type: "image",
        url: expect.stringContaining("/media/"),
        alt_text: "Five by five",
      },
    ]);
  });
});
