import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { planOf } from "../../../src/services/plans";
import { api, newUser } from "../helpers/api";
import { png, putPart, uploadForm } from "../helpers/media";
import { tinyMp4 } from "../helpers/media-samples";

const FREE_STORAGE = planOf("free").mediaStorageBytes;

/** A free user whose library already holds all but `room` bytes of the plan's storage (one large item). */
async function nearlyFull(room: number) {
  const user = await newUser("free");
  await env.DB.prepare(
    "INSERT INTO media (id, user_id, key, type, content_type, size, created_at) VALUES (?, ?, ?, 'video', 'video/mp4', ?, 0)",
  )
    .bind(`med_fill${crypto.randomUUID()}`, user.userId, `fill-${crypto.randomUUID()}.mp4`, FREE_STORAGE - room)
    .run();
  return user;
}

/** The user's media rows (beside the filler), and whether each one's object is in the bucket. */
async function library(userId: string) {
  const { results } = await env.DB.prepare("SELECT key, size FROM media WHERE user_id = ? AND key NOT LIKE 'fill-%'")
    .bind(userId)
    .all<{ key: string; size: number }>();
  const present = await Promise.all(results.map(async (r) => (await env.MEDIA.head(r.key)) !== null));
  return { rows: results.length, bytes: results.reduce((n, r) => n + r.size, 0), allStored: present.every(Boolean) };
}

const objectCount = async () => (await env.MEDIA.list({ limit: 1000 })).objects.length;

describe("the plan's storage under concurrency", () => {
  it("uploads racing for the last bytes: exactly those that fit are stored, the rest refused with nothing kept", async () => {
    const file = await png(4, 4);
    for (let round = 0; round < 3; round++) {
      const user = await nearlyFull(3 * file.byteLength + Math.floor(file.byteLength / 2));
      const objectsBefore = await objectCount();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => uploadForm(user.key, file, { filename: `${i}.png` })),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 201),
        `round ${round}`,
      ).toHaveLength(3);
      const refused = answers.filter((a) => a.status === 413);
      expect(refused).toHaveLength(5);
      for (const r of refused) {
        expect(r.body.error.code).toBe("storage_limit");
        expect(r.body.error.message).toContain(`${FREE_STORAGE} bytes`);
      }
      expect(await library(user.userId)).toEqual({ rows: 3, bytes: 3 * file.byteLength, allStored: true });
      expect(await objectCount()).toBe(objectsBefore + 3);
    }
  });

  it("a completing upload keeps the room it reserved while whole uploads race for the rest", async () => {
    const video = tinyMp4();
    const image = await png(4, 4);
    for (let round = 0; round < 3; round++) {
      const user = await nearlyFull(video.byteLength + 2 * image.byteLength + Math.floor(image.byteLength / 2));
      const started = await api("POST", "/api/v1/media/uploads", {
        key: user.key,
        body: { filename: "clip.mp4", content_type: "video/mp4", size: video.byteLength },
      });
      expect(started.status).toBe(201);
      const { upload_id } = started.body.data;
      expect((await putPart(user.key, upload_id, 1, video)).status).toBe(200);
      const objectsBefore = await objectCount();
      const [completed, ...whole] = await Promise.all([
        api("POST", `/api/v1/media/uploads/${upload_id}/complete`, { key: user.key }),
        ...Array.from({ length: 6 }, (_, i) => uploadForm(user.key, image, { filename: `${i}.png` })),
      ]);
      expect(completed!.status, `round ${round}`).toBe(201);
      expect(whole.filter((a) => a.status === 201)).toHaveLength(2);
      expect(whole.filter((a) => a.status === 413 && a.body.error.code === "storage_limit")).toHaveLength(4);
      expect(await library(user.userId)).toEqual({
        rows: 3,
        bytes: video.byteLength + 2 * image.byteLength,
        allStored: true,
      });
      // The video's object appears once its parts are joined, with the two images.
      expect(await objectCount()).toBe(objectsBefore + 3);
      // Nothing is left over: the library is full to within less than one more image.
      const more = await uploadForm(user.key, image, { filename: "more.png" });
      expect([more.status, more.body.error.code]).toEqual([413, "storage_limit"]);
    }
  });
});
