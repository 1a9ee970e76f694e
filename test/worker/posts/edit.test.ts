import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  user = await newUser("creator");
  await resetClock(user.key);
});

const patch = (id: string, body: Record<string, unknown>, key = user.key) =>
  api("PATCH", `/api/v1/posts/${id}`, { key, body });

describe("editing a post's media", () => {
  it("refuses a media URL on a host that is not public, and changes nothing", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const media = [{ type: "image", url: "https://cdn.example.com/a.png" }];
    const post = await createPost(user.key, {
      text: "x",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      media,
    });
    const res = await patch(post.id, {
      platform_overrides: { bluesky: { cover_image: "http://192.168.1.20/cover.png" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0]).toEqual({
      path: "platform_overrides.bluesky.cover_image",
      message: "must be a public http(s) URL (private address)",
    });
    const same = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(same.body.data).toMatchObject({ media, platform_overrides: {} });
  });

  it.each([
    ["rule 15: a media URL with credentials", "https://user:secret@cdn.example.com/b.png"],
    ["rule 16: a media URL that cannot be decoded", "https://cdn.example.com/b%ZZ.png"],
  ])("%s: refused with 400 naming the field, and nothing changes", async (_, url) => {
    const bluesky = await connect(user.key, "bluesky");
    const media = [{ type: "image", url: "https://cdn.example.com/a.png" }];
    const post = await createPost(user.key, {
      text: "x",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      media,
    });
    const res = await patch(post.id, { media: [{ type: "image", url }] });
    expect([res.status, res.body.error.issues[0].path]).toEqual([400, "media.0.url"]);
    const same = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(same.body.data.media).toEqual(media);
  });
});

describe("detached platforms", () => {
  it("keep their own text through shared edits, and follow again once re-attached", async () => {
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "first words",
      platforms: [
        { platform: "twitter", account_id: x.id },
        { platform: "bluesky", account_id: bluesky.id },
      ],
      platform_overrides: { twitter: { detached: true } },
    });
    expect(post.platform_overrides.twitter).toMatchObject({ detached: true, text: "first words" });

    const edited = await patch(post.id, { text: "second words" });
    expect(edited.status).toBe(200);
    expect(edited.body.data.platform_overrides.twitter.text).toBe("first words");

    const ownEdit = await patch(post.id, { platform_overrides: { twitter: { detached: true, text: "X only" } } });
    expect(ownEdit.body.data.platform_overrides.twitter.text).toBe("X only");

    await patch(post.id, { schedule_type: "scheduled", scheduled_at: FUTURE });
    await runDue(user.key);
    await settled(user.key, post.id);
    const texts = Object.fromEntries((await publishedCalls(user.key)).map((c) => [c.platform, c.text]));
    expect(texts).toEqual({ twitter: "X only", bluesky: "second words" });
  });

  it("re-attach when detached is removed", async () => {
    const x = await connect(user.key, "twitter");
    const post = await createPost(user.key, {
      text: "shared",
      platforms: [{ platform: "twitter", account_id: x.id }],
      platform_overrides: { twitter: { detached: true, text: "own" } },
    });
    const reattached = await patch(post.id, { platform_overrides: { twitter: {} } });
    expect(reattached.body.data.platform_overrides.twitter).toEqual({});
    const dry = await api("POST", "/api/v1/posts?dry_run=true", {
      key: user.key,
      body: {
        text: "shared",
        platforms: [{ platform: "twitter", account_id: x.id }],
        platform_overrides: { twitter: {} },
      },
    });
    expect(dry.body.data.platforms[0].text).toBe("shared");
  });

  it("are refused on X Articles and on reminder posts", async () => {
    const x = await connect(user.key, "twitter");
    const instagram = await connect(user.key, "instagram");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        platforms: [
          { platform: "twitter", account_id: x.id },
          { platform: "instagram", account_id: instagram.id, metadata: { reminder: true } },
        ],
        platform_overrides: { twitter: { detached: true, title: "An X Article" }, instagram: { detached: true } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets.map((t: { code: string }) => t.code)).toEqual([
      "detached_not_offered",
      "detached_not_offered",
    ]);
  });
});

describe("editing, unscheduling and deleting", () => {
  it("reschedules a post and replaces its targets", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const mastodon = await connect(user.key, "mastodon");
    const post = await createPost(user.key, {
      text: "a",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const res = await patch(post.id, {
      platforms: [{ platform: "mastodon", account_id: mastodon.id }],
      scheduled_at: "2030-06-01T10:00:00Z",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "scheduled", scheduled_at: "2030-06-01T10:00:00.000Z" });
    expect(res.body.data.platforms.map((t: { platform: string }) => t.platform)).toEqual(["mastodon"]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM post_targets WHERE post_id = ?")
      .bind(post.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("refuses a bad edit and leaves the post as it was", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "a",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const res = await patch(post.id, { text: "b".repeat(301) });
    expect(res.status).toBe(400);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.text).toBe("a");
  });

  it("refuses to edit, unschedule or delete a published post's content with 409 state_error", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "a",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
    });
    await settled(user.key, post.id);
    const edit = await patch(post.id, { text: "b" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("state_error");
    expect((await api("POST", `/api/v1/posts/${post.id}/unschedule`, { key: user.key })).status).toBe(409);
    expect((await api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key })).status).toBe(200);
  });

  it("unschedules back to draft, so nothing goes out at the old time", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "a",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const res = await api("POST", `/api/v1/posts/${post.id}/unschedule`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "draft", schedule_type: "draft" });
    expect(res.body.data.platforms[0].status).toBe("draft");
    await runDue(user.key);
    expect(await publishedCalls(user.key)).toEqual([]);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.status).toBe("draft");
  });

  it("deletes a scheduled post so it never goes out, and answers 404 after", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "a",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const res = await api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(res.body).toEqual({ success: true, data: { id: post.id, deleted: true } });
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).status).toBe(404);
    await runDue(user.key);
    expect(await publishedCalls(user.key)).toEqual([]);
  });

  it("never shows, edits or deletes another user's post", async () => {
    const other = await newUser();
    const theirs = await connect(other.key, "bluesky");
    const post = await createPost(other.key, {
      text: "theirs",
      platforms: [{ platform: "bluesky", account_id: theirs.id }],
    });
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).status).toBe(404);
    expect((await patch(post.id, { text: "mine" })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key })).status).toBe(404);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: other.key })).body.data.text).toBe("theirs");
  });
});

describe("listing", () => {
  it("pages newest first with a cursor and filters by status and since", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const platforms = [{ platform: "bluesky", account_id: bluesky.id }];
    const ids: string[] = [];
    // Each post a second after the last: the clock is set, not advanced, so a slow machine cannot add seconds.
    const second = (i: number) => `2030-06-01T08:00:0${i}.000Z`;
    for (let i = 0; i < 5; i++) {
      await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: second(i) } });
      ids.push((await createPost(user.key, { text: `p${i}`, platforms })).id);
    }
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: second(5) } });
    const scheduled = await createPost(user.key, {
      text: "s",
      platforms,
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });

    const first = await api("GET", "/api/v1/posts?limit=4", { key: user.key });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([scheduled.id, ids[4], ids[3], ids[2]]);
    const rest = await api("GET", `/api/v1/posts?limit=4&cursor=${first.body.next_cursor}`, { key: user.key });
    expect(rest.body.data.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    expect(rest.body.next_cursor).toBeNull();

    const onlyScheduled = await api("GET", "/api/v1/posts?status=scheduled", { key: user.key });
    expect(onlyScheduled.body.data.map((p: { id: string }) => p.id)).toEqual([scheduled.id]);
    const since = await api("GET", `/api/v1/posts?since=${encodeURIComponent("2030-06-01T08:00:03Z")}`, {
      key: user.key,
    });
    expect(since.body.data).toHaveLength(3);
    expect((await api("GET", "/api/v1/posts?cursor=garbage", { key: user.key })).status).toBe(400);
    expect((await api("GET", "/api/v1/posts?limit=101", { key: user.key })).status).toBe(400);
  });
});
