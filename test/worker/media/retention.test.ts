import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { png, uploaded } from "../helpers/media";
import { createPost, resetClock } from "../helpers/posts";

const DAY_MS = 24 * 3600_000;

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

/** The hourly housekeeping job, run now through the sandbox. */
const housekeeping = async () => {
  const res = await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["housekeeping"] } });
  return res.body.data.results.housekeeping as { media_removed: number };
};
const advance = (ms: number) => api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: ms } });
const keyOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const kept = async (media: { id: string; url: string }) => ({
  row: (await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).status === 200,
  object: (await env.MEDIA.head(keyOf(media.url))) !== null,
});

describe("retention of unused media (hourly housekeeping)", () => {
  it("removes media no post uses 30 days after its upload, drafts holding it until they are deleted", async () => {
    const [mastodon, bluesky] = await Promise.all([connect(user.key, "mastodon"), connect(user.key, "bluesky")]);
    const post = (media: { id: string }, schedule: object = {}, platform = mastodon) =>
      createPost(user.key, {
        text: "uses it",
        platforms: [{ platform: platform.platform, account_id: platform.id }],
        media: [{ media_id: media.id }],
        ...schedule,
      });
    const scheduled = await uploaded(user.key, await png(1, 1), { filename: "scheduled.png" });
    const unused = await uploaded(user.key, await png(2, 1), { filename: "unused.png" });
    const drafted = await uploaded(user.key, await png(3, 1), { filename: "draft.png" });
    const draftDeleted = await uploaded(user.key, await png(4, 1), { filename: "deleted-draft.png" });
    const copied = await uploaded(user.key, await png(700, 700, { noise: true }), { filename: "noise.png" });

    await post(scheduled, { schedule_type: "scheduled", scheduled_at: "2031-01-01T09:00:00Z" });
    await post(drafted);
    const gone = await post(draftDeleted);
    expect((await api("DELETE", `/api/v1/posts/${gone.id}`, { key: user.key })).status).toBe(200);
    // A post to Bluesky that made a copy of the image, then was deleted: the copy goes with the original.
    const withCopy = await post(copied, { schedule_type: "scheduled", scheduled_at: "2031-01-01T09:00:00Z" }, bluesky);
    const variant = await env.DB.prepare("SELECT key FROM media_variants WHERE media_id = ?")
      .bind(copied.id)
      .first<{ key: string }>();
    expect(variant).not.toBeNull();
    await api("POST", `/api/v1/posts/${withCopy.id}/unschedule`, { key: user.key });
    expect((await api("DELETE", `/api/v1/posts/${withCopy.id}`, { key: user.key })).status).toBe(200);

    await advance(29 * DAY_MS);
    expect((await housekeeping()).media_removed).toBe(0);
    for (const media of [scheduled, unused, drafted, draftDeleted, copied]) {
      expect(await kept(media), media.id).toEqual({ row: true, object: true });
    }

    await advance(2 * DAY_MS);
    expect((await housekeeping()).media_removed).toBe(3);
    expect(await kept(scheduled)).toEqual({ row: true, object: true });
    expect(await kept(drafted)).toEqual({ row: true, object: true });
    for (const media of [unused, draftDeleted, copied]) {
      expect(await kept(media), media.id).toEqual({ row: false, object: false });
    }
    const variants = await env.DB.prepare("SELECT COUNT(*) AS n FROM media_variants WHERE media_id = ?")
      .bind(copied.id)
      .first<{ n: number }>();
    expect([variants!.n, await env.MEDIA.head(variant!.key)]).toEqual([0, null]);
    // The next run finds nothing more to remove.
    expect((await housekeeping()).media_removed).toBe(0);
  });
});
