import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { mcpClient, ok, refused } from "../helpers/mcp";
import { createPost, fastRetries, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";
import { createSlot } from "../helpers/slots";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  user = await newUser("creator");
  await resetClock(user.key);
  await fastRetries(user.key);
});

const sweep = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
const setClock = (at: string) => api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: at } });
const getPost = async (id: string) => (await api("GET", `/api/v1/posts/${id}`, { key: user.key })).body.data;

/** Every copy of the original, oldest first, as the API shows them. */
async function copiesOf(originalId: string) {
  const { results } = await env.DB.prepare("SELECT id FROM posts WHERE repeat_of = ? ORDER BY repeat_index")
    .bind(originalId)
    .all<{ id: string }>();
  return Promise.all(results.map((r) => getPost(r.id)));
}

/** The texts the sandbox platform was sent, in order. */
const sentTexts = async () =>
  (await publishedCalls(user.key)).filter((c) => c.kind === "publish").map((c) => c.payload?.text ?? c.text);

/** Publishes the post at its time (the sweep dispatches it), waits for it, then lets the sweep follow it up. */
async function publishAndFollowUp(post: { id: string; scheduled_at: string }) {
  await runDue(user.key, post.scheduled_at);
  const done = await settled(user.key, post.id);
  await sweep();
  return done;
}

const notificationsOf = async () =>
  ((await api("GET", "/api/v1/notifications", { key: user.key })).body.data as { kind: string; data: any }[]).filter(
    (n) => n.kind === "repeat_stopped",
  );

describe("evergreen posts", () => {
  it("comes back every_days later at the same time of day in its zone, rotating variations, until `times`", async () => {
    const sky = await connect(user.key, "bluesky");
    // Thursday 09:00 in Berlin (CET); a week later the clocks are on summer time and it is still 09:00 there.
    await setClock("2030-03-28T08:00:00Z");
    const original = await createPost(user.key, {
      text: "Our guide",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      timezone: "Europe/Berlin",
      repeat: { every_days: 7, times: 3, variations: ["Still worth a read: our guide"] },
    });
    expect(original.repeat).toEqual({ every_days: 7, times: 3, variations: ["Still worth a read: our guide"] });
    expect([original.repeat_of, original.repeat_stopped]).toEqual([null, null]);
    await settled(user.key, original.id);
    await sweep();

    let copies = await copiesOf(original.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      status: "scheduled",
      text: "Still worth a read: our guide",
      scheduled_at: "2030-04-04T07:00:00.000Z",
      timezone: "Europe/Berlin",
      repeat: null,
      repeat_of: original.id,
      platforms: [{ platform: "bluesky", account_id: sky.id, status: "scheduled" }],
    });

    await publishAndFollowUp(copies[0]);
    copies = await copiesOf(original.id);
    expect(copies.map((c) => [c.text, c.scheduled_at])).toEqual([
      ["Still worth a read: our guide", "2030-04-04T07:00:00.000Z"],
      ["Our guide", "2030-04-11T07:00:00.000Z"],
    ]);
    await publishAndFollowUp(copies[1]);
    await publishAndFollowUp((await copiesOf(original.id))[2]);
    // The third copy was the last: nothing more, and the original says why.
    await sweep();
    expect(await copiesOf(original.id)).toHaveLength(3);
    expect((await getPost(original.id)).repeat_stopped).toBe("times");
    expect(await sentTexts()).toEqual([
      "Our guide",
      "Still worth a read: our guide",
      "Our guide",
      "Still worth a read: our guide",
    ]);
    expect(await notificationsOf()).toEqual([]);
  });

  it("takes the accounts' next free posting slot at least every_days after the publish", async () => {
    const sky = await connect(user.key, "bluesky");
    // Saturday 2030-06-01 08:00 UTC + 2 days = Monday 08:00: Monday's 07:00 slot is too early, Wednesday's is taken.
    await createSlot(user.key, { account_ids: [sky.id], weekday: 1, time: "07:00", timezone: "UTC" });
    await createSlot(user.key, { account_ids: [sky.id], weekday: 3, time: "10:00", timezone: "UTC" });
    const target = [{ platform: "bluesky", account_id: sky.id }];
    await createPost(user.key, {
      text: "Other",
      platforms: target,
      schedule_type: "scheduled",
      scheduled_at: "2030-06-05T10:00:00Z",
    });
    const original = await createPost(user.key, {
      text: "Evergreen",
      platforms: target,
      schedule_type: "immediate",
      repeat: { every_days: 2 },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    expect([copy.text, copy.scheduled_at]).toEqual(["Evergreen", "2030-06-10T07:00:00.000Z"]);
  });

  it("refuses X without variations when the post is scheduled, per target; a draft waits", async () => {
    const x = await connect(user.key, "twitter");
    const sky = await connect(user.key, "bluesky");
    const platforms = [
      { platform: "bluesky", account_id: sky.id },
      { platform: "twitter", account_id: x.id },
    ];
    const body = { text: "Again", platforms, schedule_type: "immediate", repeat: { every_days: 30 } };
    const refused = await api("POST", "/api/v1/posts", { key: user.key, body });
    expect([refused.status, refused.body.error.code]).toEqual([400, "validation_error"]);
    expect(refused.body.error.targets).toEqual([
      {
        platform: "twitter",
        account_id: x.id,
        code: "repeat_needs_variations",
        message: "X refuses the same text twice: give repeat.variations for its copies",
      },
    ]);
    expect(refused.body.error.issues).toEqual([{ path: "platforms.1", message: expect.stringContaining("X refuses") }]);

    const draft = await createPost(user.key, { ...body, schedule_type: undefined });
    expect(draft.status).toBe("draft");
    const scheduling = await api("PATCH", `/api/v1/posts/${draft.id}`, {
      key: user.key,
      body: { schedule_type: "immediate" },
    });
    expect(scheduling.body.error.targets.map((t: { code: string }) => t.code)).toEqual(["repeat_needs_variations"]);

    const long = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { ...body, repeat: { every_days: 30, variations: ["x".repeat(281)] } },
    });
    expect(long.body.error.targets).toEqual([
      expect.objectContaining({
        platform: "twitter",
        code: "text_too_long",
        message: expect.stringMatching(/^repeat\.variations\.0: 281/),
      }),
    ]);
    const fine = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { ...body, repeat: { every_days: 30, variations: ["Again, in other words"] } },
    });
    expect(fine.status).toBe(201);
  });

  it("refuses a rule out of bounds", async () => {
    const sky = await connect(user.key, "bluesky");
    const platforms = [{ platform: "bluesky", account_id: sky.id }];
    for (const repeat of [
      { every_days: 0 },
      { every_days: 366 },
      { every_days: 1, times: 101 },
      { every_days: 1, until: "2030-02-30" },
      { every_days: 1, variations: Array.from({ length: 11 }, (_, i) => `v${i}`) },
      { every_days: 1, every: 2 },
    ]) {
      const res = await api("POST", "/api/v1/posts", { key: user.key, body: { text: "t", platforms, repeat } });
      expect([res.status, res.body.error.code], JSON.stringify(repeat)).toEqual([400, "validation_error"]);
    }
  });

  it("stops when the next copy would fall after `until`", async () => {
    const sky = await connect(user.key, "bluesky");
    const original = await createPost(user.key, {
      text: "Until",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 7, until: "2030-06-14" },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    expect(copy.scheduled_at).toBe("2030-06-08T08:00:00.000Z");
    await publishAndFollowUp(copy);
    expect(await copiesOf(original.id)).toHaveLength(1);
    expect((await getPost(original.id)).repeat_stopped).toBe("until");
    expect(await notificationsOf()).toEqual([]);
  });

  it("repeat: null on the published original stops it; a copy cannot take its own rule", async () => {
    const sky = await connect(user.key, "bluesky");
    const original = await createPost(user.key, {
      text: "Stop me",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 1 },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    const own = await api("PATCH", `/api/v1/posts/${copy.id}`, { key: user.key, body: { repeat: { every_days: 2 } } });
    expect([own.status, own.body.error.issues[0].path]).toEqual([400, "repeat"]);
    const text = await api("PATCH", `/api/v1/posts/${original.id}`, { key: user.key, body: { text: "edited" } });
    expect([text.status, text.body.error.code]).toEqual([409, "state_error"]);
    const stopped = await api("PATCH", `/api/v1/posts/${original.id}`, { key: user.key, body: { repeat: null } });
    expect([stopped.status, stopped.body.data.status, stopped.body.data.repeat]).toEqual([200, "published", null]);

    await publishAndFollowUp(copy);
    expect(await copiesOf(original.id)).toHaveLength(1);
    expect(await sentTexts()).toEqual(["Stop me", "Stop me"]);
  });

  it("a published post given a rule afterwards comes back", async () => {
    const sky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "Later evergreen",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
    });
    await settled(user.key, post.id);
    await sweep();
    expect(await copiesOf(post.id)).toHaveLength(0);
    const set = await api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body: { repeat: { every_days: 3 } } });
    expect(set.body.data.repeat).toEqual({ every_days: 3 });
    await sweep();
    const copies = await copiesOf(post.id);
    expect(copies.map((c) => c.scheduled_at)).toEqual(["2030-06-04T08:00:00.000Z"]);
  });

  it("deleting the original stops the copies after the one already scheduled", async () => {
    const sky = await connect(user.key, "bluesky");
    const original = await createPost(user.key, {
      text: "Deleted",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 1 },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    expect((await api("DELETE", `/api/v1/posts/${original.id}`, { key: user.key })).status).toBe(200);
    await publishAndFollowUp(copy);
    expect(await copiesOf(original.id)).toHaveLength(1);
  });

  it("a copy that fails stops the chain and notifies the owner once", { timeout: 30_000 }, async () => {
    const sky = await connect(user.key, "bluesky");
    const original = await createPost(user.key, {
      text: "Fragile",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 1 },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "reject", count: 10 },
    });
    const failed = await publishAndFollowUp(copy);
    expect(failed.status).toBe("failed");
    await sweep();
    expect(await copiesOf(original.id)).toHaveLength(1);
    expect((await getPost(original.id)).repeat_stopped).toBe("failed");
    const notes = await notificationsOf();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toEqual({ post_id: original.id, after_post_id: copy.id, reason: "failed" });
  });

  it("makes exactly one copy per publish under racing sweeps, a crashed sweep's claim and redelivered messages", async () => {
    const sky = await connect(user.key, "bluesky");
    const original = await createPost(user.key, {
      text: "Once",
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 1 },
    });
    await settled(user.key, original.id);
    await Promise.all(Array.from({ length: 6 }, () => sweep()));
    await sweep();
    const [copy, ...more] = await copiesOf(original.id);
    expect(more).toEqual([]);

    // The copy publishes; a sweep claims its follow-up and dies before writing anything.
    await runDue(user.key, copy.scheduled_at);
    await settled(user.key, copy.id);
    const now = Date.parse(copy.scheduled_at) + 1000;
    await env.DB.prepare(
      "UPDATE posts SET repeat_state = 'claimed', repeat_claim = 'rpt_dead', repeat_claimed_at = ? WHERE id = ?",
    )
      .bind(now, copy.id)
      .run();
    await sweep();
    expect(await copiesOf(original.id)).toHaveLength(1); // the claim is fresh: nobody takes it yet
    // The copy's publish message arrives again: the target is published already, nothing is sent or owed again.
    const [target] = (
      await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ?").bind(copy.id).all<{ id: string }>()
    ).results;
    await env.PUBLISH_QUEUE.send({ targetIds: [target!.id] });
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 6 * 60_000 } });
    await Promise.all(Array.from({ length: 6 }, () => sweep()));
    const copies = await copiesOf(original.id);
    expect(copies).toHaveLength(2);
    expect(copies[1]).toMatchObject({ repeat_of: original.id, status: "scheduled" });
    expect(await sentTexts()).toEqual(["Once", "Once"]);
  });

  it("agent tools take `repeat` in camelCase and stop it with null once published", async () => {
    const x = await connect(user.key, "twitter");
    const mcp = await mcpClient({ key: user.key });
    const platforms = [{ platform: "twitter", accountId: x.id }];
    const refusal = await refused(mcp, "create_scheduled_post", {
      text: "Tool",
      platforms,
      scheduleType: "immediate",
      repeat: { everyDays: 14 },
    });
    expect(refusal.code).toBe("validation_error");
    expect(JSON.stringify(refusal)).toContain("repeat_needs_variations");
    const post = await ok(mcp, "create_scheduled_post", {
      text: "Tool",
      platforms,
      scheduleType: "immediate",
      repeat: { everyDays: 14, times: 2, variations: ["Tool, again"] },
    });
    expect(post.repeat).toEqual({ every_days: 14, times: 2, variations: ["Tool, again"] });
    await settled(user.key, post.id);
    const stopped = await ok(mcp, "update_scheduled_post", { postId: post.id, repeat: null });
    expect([stopped.status, stopped.repeat]).toEqual(["published", null]);
    await sweep();
    expect(await copiesOf(post.id)).toHaveLength(0);
  });

  it("a copy carries the original's thread and first comment; X refuses an evergreen thread, its replies unchanged", async () => {
    const sky = await connect(user.key, "bluesky");
    const x = await connect(user.key, "twitter");
    const thread = [{ text: "Part two" }];
    const refused = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Part one",
        thread,
        platforms: [{ platform: "twitter", account_id: x.id }],
        schedule_type: "immediate",
        repeat: { every_days: 7, variations: ["Part one, again"] },
      },
    });
    expect(refused.body.error.targets).toEqual([
      expect.objectContaining({
        code: "repeat_needs_variations",
        message: expect.stringContaining("thread's replies"),
      }),
    ]);
    const original = await createPost(user.key, {
      text: "Part one",
      thread,
      first_comment: { text: "Links below" },
      platforms: [{ platform: "bluesky", account_id: sky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 7 },
    });
    await settled(user.key, original.id);
    await sweep();
    const [copy] = await copiesOf(original.id);
    expect(copy).toMatchObject({
      text: "Part one",
      thread: [{ text: "Part two", media: [] }],
      first_comment: { text: "Links below" },
    });
  });
});
