import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runJobs } from "../../../src/cron";
import { createRuntime } from "../../../src/services/runtime";
import { api, newUser } from "../helpers/api";
import { MIB, padded, partOf, png, putPart, smallParts, stored } from "../helpers/media";
import { tinyMp4 } from "../helpers/media-samples";
import { resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await smallParts(user.key);
});

/** An 11 MiB MP4: three parts of 5 MiB, 5 MiB and 1 MiB. */
const video = () => padded(tinyMp4(), 11 * MIB);

const start = (key: string, size: number, extra: object = {}) =>
  api("POST", "/api/v1/media/uploads", {
    key,
    body: { filename: "clip.mp4", content_type: "video/mp4", size, ...extra },
  });

describe("resumable uploads", () => {
  it("resumes after a connection dropped after part 2: the status says which parts arrived", async () => {
    const bytes = video();
    const started = await start(user.key, bytes.byteLength, { alt_text: "unused on video" });
    expect(started.status).toBe(201);
    const { upload_id, part_size, parts } = started.body.data;
    expect([part_size, parts]).toEqual([5 * MIB, 3]);
    for (const n of [1, 2])
      expect((await putPart(user.key, upload_id, n, partOf(bytes, part_size, n))).status).toBe(200);
    const status = await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key });
    expect(status.body.data.received).toEqual([
      { n: 1, size: 5 * MIB },
      { n: 2, size: 5 * MIB },
    ]);
    expect((await putPart(user.key, upload_id, 3, partOf(bytes, part_size, 3))).status).toBe(200);
    const done = await api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: user.key });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ type: "video", size: 11 * MIB, duration_ms: 1000, width: 16 });
    const served = await env.MEDIA.get(new URL(done.body.data.url).pathname.split("/").pop()!);
    expect(new Uint8Array(await served!.arrayBuffer())).toEqual(bytes);
    const again = await api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: user.key });
    expect([again.status, again.body.data.id]).toEqual([201, done.body.data.id]);
  });

  it("takes parts out of order and a part sent twice", async () => {
    const bytes = video();
    const { upload_id, part_size } = (await start(user.key, bytes.byteLength)).body.data;
    for (const n of [3, 1, 1, 2])
      expect((await putPart(user.key, upload_id, n, partOf(bytes, part_size, n))).status).toBe(200);
    const done = await api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: user.key });
    expect([done.status, done.body.data.size]).toEqual([201, bytes.byteLength]);
  });

  it("refuses a part of the wrong size, a part past the end, and completion before every part arrived", async () => {
    const bytes = video();
    const { upload_id, part_size } = (await start(user.key, bytes.byteLength)).body.data;
    const short = await putPart(user.key, upload_id, 1, bytes.subarray(0, part_size - 1));
    expect([short.status, short.body.error.code]).toEqual([400, "validation_error"]);
    expect(short.body.error.message).toContain(`exactly ${part_size} bytes`);
    const wrongLast = await putPart(user.key, upload_id, 3, bytes.subarray(0, part_size));
    expect(wrongLast.status).toBe(400);
    expect((await putPart(user.key, upload_id, 4, bytes.subarray(0, 10))).status).toBe(400);
    await putPart(user.key, upload_id, 1, partOf(bytes, part_size, 1));
    const early = await api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: user.key });
    expect([early.status, early.body.error.code, early.body.error.missing]).toEqual([409, "state_error", [2, 3]]);
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key })).body.data.received).toEqual([
      { n: 1, size: part_size },
    ]);
  });

  it("refuses a first part whose bytes are not the declared type, and aborts the upload", async () => {
    const bytes = padded(await png(), 6 * MIB);
    const { upload_id, part_size } = (await start(user.key, bytes.byteLength)).body.data;
    const res = await putPart(user.key, upload_id, 1, partOf(bytes, part_size, 1));
    expect([res.status, res.body.error.code]).toEqual([415, "unsupported_media_type"]);
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key })).status).toBe(404);
  });

  it("aborting frees the parts and the storage they reserved", async () => {
    const free = await newUser("free"); // 1 GB of storage, files up to 100 MB
    await smallParts(free.key);
    const before = await stored();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await start(free.key, 100 * MIB)).body.data.upload_id);
    const full = await start(free.key, 100 * MIB);
    expect([full.status, full.body.error.code]).toEqual([413, "storage_limit"]);
    expect(full.body.error.message).toMatch(/1048576000 bytes .* 1073741824 bytes .* 104857600 bytes/);
    const bytes = video();
    await putPart(free.key, ids[0]!, 1, partOf(bytes, 5 * MIB, 1));
    const aborted = await api("DELETE", `/api/v1/media/uploads/${ids[0]}`, { key: free.key });
    expect(aborted.status).toBe(200);
    expect((await api("GET", `/api/v1/media/uploads/${ids[0]}`, { key: free.key })).status).toBe(404);
    expect((await start(free.key, 100 * MIB)).status).toBe(201);
    expect((await stored()).uploads).toBe(before.uploads + 10);
  });

  it("refuses a file over the plan's file size, and an unknown type, before anything is stored", async () => {
    const free = await newUser("free");
    const before = await stored();
    const big = await start(free.key, 100 * MIB + 1);
    expect([big.status, big.body.error.code]).toEqual([413, "payload_too_large"]);
    expect(big.body.error.message).toContain("104857601 bytes");
    expect(big.body.error.message).toContain("104857600 bytes");
    const webm = await start(free.key, 1000, { filename: "a.webm", content_type: "video/webm" });
    expect([webm.status, webm.body.error.code]).toEqual([415, "unsupported_media_type"]);
    expect(await stored()).toEqual(before);
  });

  it("at most the plan's storage, however many uploads start at once", async () => {
    for (let round = 0; round < 3; round++) {
      const free = await newUser("free");
      const answers = await Promise.all(Array.from({ length: 14 }, () => start(free.key, 100 * MIB)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 413)).toHaveLength(4);
    }
  });

  it("another user's upload is not found on any of its routes", async () => {
    const { upload_id } = (await start(user.key, 11 * MIB)).body.data;
    const other = await newUser("creator");
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: other.key })).status).toBe(404);
    expect((await putPart(other.key, upload_id, 1, new Uint8Array(5 * MIB))).status).toBe(404);
    expect((await api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: other.key })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/media/uploads/${upload_id}`, { key: other.key })).status).toBe(404);
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key })).status).toBe(200);
  });

  it("housekeeping aborts an upload not completed within 24 hours", async () => {
    await resetClock(user.key);
    const bytes = video();
    const { upload_id } = (await start(user.key, bytes.byteLength)).body.data;
    await putPart(user.key, upload_id, 1, partOf(bytes, 5 * MIB, 1));
    const housekeeping = async () =>
      (await runJobs(await createRuntime(env), ["housekeeping"])).housekeeping as { uploads_aborted: number };
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 23 * 3600_000 } });
    await housekeeping();
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key })).status).toBe(200);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 2 * 3600_000 } });
    expect((await housekeeping()).uploads_aborted).toBeGreaterThanOrEqual(1);
    expect((await api("GET", `/api/v1/media/uploads/${upload_id}`, { key: user.key })).status).toBe(404);
  });
});
