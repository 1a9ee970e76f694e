import { createMessageBatch, env, runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { SandboxAdapter } from "../../../src/platforms/sandbox";
import { publishQueue, TARGETS_PER_MESSAGE } from "../../../src/queues/publish";
import { dispatchDue } from "../../../src/services/posts/dispatch";
import { CALLS_PER_ACCOUNT, publishQueued } from "../../../src/services/posts/publish";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { FUTURE, resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

/**
 * Issue #31: the publish path writes a batch's outcomes in a few statements and claims its targets in one, and every
 * target still reaches its platform exactly once. Bursts of posts due at the same second race everything that can
 * publish them; one batch of mixed outcomes keeps each target's own; the batch's statements reach rows by id.
 */

const ROUNDS = 5;
const POSTS_PER_ROUND = 40;

let user: Awaited<ReturnType<typeof newUser>>;
let accounts: { id: string; platform: string }[];
beforeAll(async () => {
  user = await newUser("agency");
  accounts = [];
  for (const platform of ["bluesky", "mastodon", "threads", "linkedin", "bluesky", "mastodon"]) {
    accounts.push(await connect(user.key, platform));
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
});

const sql = <T>(query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .all<T>()
    .then((r) => r.results);

/** Posts with two targets each (on different accounts), due at FUTURE, each text its own; answers their ids. */
async function duePosts(label: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    text: `${label} #${i}`,
    platforms: [accounts[i % accounts.length]!, accounts[(i + 1) % accounts.length]!].map((a) => ({
      platform: a.platform,
      account_id: a.id,
    })),
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  }));
  const res = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows });
  expect(res.status).toBe(201);
  return res.body.data.map((p: { id: string }) => p.id);
}

type Body = { targetIds: string[] } | { targetId: string };

/** Hands the publish consumer one batch of `bodies`, as the queue would deliver them. */
async function deliver(bodies: Body[], tag: string) {
  const messages = bodies.map((body, i) => ({ id: `${tag}-${i}`, timestamp: new Date(), attempts: 1, body }));
  await worker.queue(createMessageBatch("herald-publish", messages), env);
}

/** Runs the publish consumer on `bodies` and answers how it settled each message (the wait asked of a retry). */
async function settlements(bodies: Body[]) {
  const settled: Record<string, "ack" | { retryAfterSeconds?: number }> = {};
  const batch = {
    queue: "herald-publish",
    messages: bodies.map((body, i) => ({
      id: `m${i}`,
      timestamp: new Date(),
      attempts: 1,
      body,
      ack: () => (settled[`m${i}`] = "ack"),
      retry: (options?: { delaySeconds?: number }) => (settled[`m${i}`] = { retryAfterSeconds: options?.delaySeconds }),
    })),
  } as unknown as MessageBatch<unknown>;
  await publishQueue.consumer(publishQueued).consume(await createRuntime(env), batch);
  return settled;
}

/** The targets as the dispatcher sends them: `TARGETS_PER_MESSAGE` to a message. */
const packed = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / TARGETS_PER_MESSAGE) }, (_, i) => ({
    targetIds: ids.slice(i * TARGETS_PER_MESSAGE, (i + 1) * TARGETS_PER_MESSAGE),
  }));

/** One target to a message, as messages were before they carried several (some may be in flight at a deploy). */
const single = (ids: string[]) => ids.map((targetId) => ({ targetId }));

const targetsOf = (postIds: string[]) =>
  sql<{ id: string; post_id: string; account_id: string; status: string; attempts: number; platform_post_id: string }>(
    `SELECT id, post_id, account_id, status, attempts, platform_post_id FROM post_targets
     WHERE post_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    JSON.stringify(postIds),
  );

describe("a burst of posts due together is published exactly once", () => {
  it("racing alarms and the sweep, with every message delivered again in overlapping batches, each target is called once", {
    timeout: 120_000,
  }, async () => {
    const scheduler = env.SCHEDULER.get(env.SCHEDULER.idFromName("global"));
    for (let round = 0; round < ROUNDS; round++) {
      await resetClock(user.key);
      const label = `burst ${round}`;
      const postIds = await duePosts(label, POSTS_PER_ROUND);
      await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: FUTURE } });
      await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 1000 } });

      // Two alarms and the sweep take the due posts at once; the real queue starts delivering what they queued.
      const rt = await createRuntime(env);
      await Promise.all([runDurableObjectAlarm(scheduler), runDurableObjectAlarm(scheduler), dispatchDue(rt)]);
      const ids = (await targetsOf(postIds)).map((t) => t.id);
      expect(ids).toHaveLength(POSTS_PER_ROUND * 2);
      // Every target handed to the consumer three more times, in batches that overlap, while the queue delivers.
      const half = ids.length / 2;
      await Promise.all([
        deliver(packed(ids), `r${round}-all`),
        deliver(packed([...ids].reverse()), `r${round}-reversed`),
        deliver(single([...ids.slice(half), ...ids.slice(0, half)]), `r${round}-rotated`),
        runDurableObjectAlarm(scheduler),
      ]);

      const targets = await eventually(async () => {
        const now = await targetsOf(postIds);
        return now.every((t) => t.status === "published") ? now : undefined;
      }, `round ${round} to be published`);
      const calls = await sql<{ account_id: string; text: string; platform_post_id: string }>(
        `SELECT account_id, json_extract(payload, '$.text') AS text, platform_post_id FROM sandbox_calls
           WHERE kind = 'publish' AND json_extract(payload, '$.text') LIKE ?`,
        `${label} #%`,
      );
      expect(calls).toHaveLength(targets.length);
      // Each target's call is its own: the platform post id it recorded is the one its platform answered.
      const texts = await sql<{ id: string; text: string }>(
        "SELECT id, text FROM posts WHERE id IN (SELECT value FROM json_each(?))",
        JSON.stringify(postIds),
      );
      const textOf = new Map(texts.map((p) => [p.id, p.text]));
      for (const target of targets) {
        const own = calls.filter((c) => c.account_id === target.account_id && c.text === textOf.get(target.post_id));
        expect(own.map((c) => c.platform_post_id)).toEqual([target.platform_post_id]);
        expect(target.attempts).toBe(1);
      }
      const events = await sql<{ n: number }>(
        `SELECT COUNT(*) AS n FROM events WHERE type = 'post.published' AND dedupe_key IN
           (SELECT 'outcome:' || value FROM json_each(?))`,
        JSON.stringify(ids),
      );
      expect(events[0]!.n).toBe(targets.length);
      const statuses = await sql<{ status: string }>(
        "SELECT DISTINCT status FROM posts WHERE id IN (SELECT value FROM json_each(?))",
        JSON.stringify(postIds),
      );
      expect(statuses.map((s) => s.status)).toEqual(["published"]);
    }
  });
});

describe("one batch of mixed outcomes", () => {
  it("keeps each target's own outcome, and retries a message after the longest wait its targets asked for", async () => {
    await resetClock(user.key);
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { publish_retry_delays_s: [45, 120] } });
    const [ok1, ok2, refused, retriedFirst, retriedSecond, reauth] = await Promise.all(
      ["bluesky", "bluesky", "mastodon", "threads", "threads", "linkedin"].map((p) => connect(user.key, p)),
    );
    await api("PATCH", `/api/v1/sandbox/accounts/${reauth!.id}`, {
      key: user.key,
      body: { status: "reauth_required" },
    });
    for (const [platform, mode, count] of [
      ["mastodon", "reject", 1],
      ["threads", "error", 2],
    ] as const) {
      await api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform, mode, count } });
    }
    const all = [ok1!, ok2!, refused!, retriedFirst!, retriedSecond!, reauth!];
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "mixed",
        platforms: all.map((a) => ({ platform: a.platform, account_id: a.id })),
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      },
    });
    const postId = res.body.data.id as string;
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id = ?").bind(postId),
      env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE post_id = ?").bind(postId),
      // Its second try: the transient failure waits the second delay.
      env.DB.prepare("UPDATE post_targets SET attempts = 1 WHERE post_id = ? AND account_id = ?").bind(
        postId,
        retriedSecond!.id,
      ),
    ]);
    const targetOf = new Map((await targetsOf([postId])).map((t) => [t.account_id, t.id]));
    const id = (account: { id: string }) => targetOf.get(account.id)!;
    const settled = await settlements([
      { targetIds: [id(ok1!), id(retriedFirst!), id(retriedSecond!)] },
      { targetIds: [id(ok2!), id(refused!)] },
      { targetId: id(reauth!) },
    ]);
    expect(settled).toEqual({ m0: { retryAfterSeconds: 120 }, m1: "ack", m2: "ack" });

    const rows = await sql<{
      account_id: string;
      status: string;
      platform_post_id: string | null;
      error_code: string | null;
      dispatched_at: number | null;
      updated_at: number;
    }>(
      "SELECT account_id, status, platform_post_id, error_code, dispatched_at, updated_at FROM post_targets WHERE post_id = ?",
      postId,
    );
    const of = (account: { id: string }) => rows.find((r) => r.account_id === account.id)!;
    const calls = await sql<{ account_id: string; platform_post_id: string }>(
      "SELECT account_id, platform_post_id FROM sandbox_calls WHERE kind = 'publish' AND json_extract(payload, '$.text') = 'mixed'",
    );
    expect(calls.map((c) => c.account_id).sort()).toEqual([ok1!.id, ok2!.id].sort());
    for (const account of [ok1!, ok2!]) {
      expect(of(account)).toMatchObject({ status: "published", error_code: null });
      expect(of(account).platform_post_id).toBe(calls.find((c) => c.account_id === account.id)!.platform_post_id);
    }
    expect(of(refused!)).toMatchObject({ status: "failed", error_code: "PLATFORM_REFUSED", platform_post_id: null });
    expect(of(reauth!)).toMatchObject({ status: "failed", error_code: "reauth_required", platform_post_id: null });
    for (const [account, wait] of [
      [retriedFirst!, 45_000],
      [retriedSecond!, 120_000],
    ] as const) {
      expect(of(account)).toMatchObject({ status: "queued", error_code: "TRANSIENT", platform_post_id: null });
      expect(of(account).dispatched_at).toBe(of(account).updated_at + wait);
    }
    const events = await sql<{ type: string; account_id: string; data: string }>(
      "SELECT type, account_id, data FROM events WHERE json_extract(data, '$.postId') = ? ORDER BY seq",
      postId,
    );
    const told = events.map((e) => [
      e.account_id,
      e.type,
      JSON.parse(e.data).error ?? JSON.parse(e.data).platformPostId,
    ]);
    expect(told.sort()).toEqual(
      [
        [ok1!.id, "post.published", of(ok1!).platform_post_id],
        [ok2!.id, "post.published", of(ok2!).platform_post_id],
        [refused!.id, "post.failed", "PLATFORM_REFUSED"],
        [reauth!.id, "post.failed", "reauth_required"],
      ].sort(),
    );
    // Targets still on their way: the post stays publishing.
    expect((await api("GET", `/api/v1/posts/${postId}`, { key: user.key })).body.data.status).toBe("publishing");
    await api("PATCH", "/api/v1/sandbox/config", {
      key: user.key,
      body: { publish_retry_delays_s: [30, 120, 600, 1800] },
    });
  });
});

describe("calls to one account", () => {
  const PER_ACCOUNT = 2 * CALLS_PER_ACCOUNT + 1;

  it("go out a few at a time, while other accounts' calls go out beside them", async () => {
    await resetClock(user.key);
    const [busy, other] = await Promise.all([connect(user.key, "bluesky"), connect(user.key, "mastodon")]);
    const rows = [busy!, other!].flatMap((account) =>
      Array.from({ length: PER_ACCOUNT }, (_, i) => ({
        text: `bounded ${account.platform} #${i}`,
        platforms: [{ platform: account.platform, account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      })),
    );
    const postIds = (await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows })).body.data.map(
      (p: { id: string }) => p.id,
    );
    await env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE post_id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(postIds))
      .run();
    const inFlight = new Map<string, number>();
    const most = new Map<string, number>();
    let bothAtOnce = false;
    const publish = SandboxAdapter.prototype.publish;
    vi.spyOn(SandboxAdapter.prototype, "publish").mockImplementation(async function (
      this: SandboxAdapter,
      ...args: Parameters<SandboxAdapter["publish"]>
    ) {
      const account = args[0].id;
      inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
      most.set(account, Math.max(most.get(account) ?? 0, inFlight.get(account)!));
      bothAtOnce ||= (inFlight.get(busy!.id) ?? 0) > 0 && (inFlight.get(other!.id) ?? 0) > 0;
      try {
        return await publish.apply(this, args);
      } finally {
        inFlight.set(account, inFlight.get(account)! - 1);
      }
    });
    await deliver(packed((await targetsOf(postIds)).map((t) => t.id)), "bounded");

    expect(Object.fromEntries(most)).toEqual({ [busy!.id]: CALLS_PER_ACCOUNT, [other!.id]: CALLS_PER_ACCOUNT });
    expect(bothAtOnce).toBe(true);
    expect((await targetsOf(postIds)).map((t) => t.status)).toEqual(Array(2 * PER_ACCOUNT).fill("published"));
  });
});

describe("what a publish batch reads", () => {
  /** `EXPLAIN QUERY PLAN` of a statement, its parameters bound to NULL (plans do not depend on their values). */
  async function planOf(query: string): Promise<string[]> {
    const count = (query.match(/\?/g) ?? []).length;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
      .bind(...Array(count).fill(null))
      .all<{ detail: string }>();
    return plan.results.map((row) => row.detail);
  }

  it("reaches a batch's targets, posts and accounts by id, never through every row of a status", async () => {
    await resetClock(user.key);
    const postIds = [...(await duePosts("plans a", 48)), ...(await duePosts("plans b", 48))];
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id IN (SELECT value FROM json_each(?))").bind(
        JSON.stringify(postIds),
      ),
      env.DB.prepare(
        "UPDATE post_targets SET status = 'queued' WHERE post_id IN (SELECT value FROM json_each(?))",
      ).bind(JSON.stringify(postIds)),
    ]);
    const ids = (await targetsOf(postIds)).map((t) => t.id).slice(0, 100);
    const statements = new Set<string>();
    const prepare = env.DB.prepare.bind(env.DB);
    vi.spyOn(env.DB, "prepare").mockImplementation((query) => {
      statements.add(query);
      return prepare(query);
    });
    await deliver(packed(ids), "plans");
    vi.restoreAllMocks();

    expect([...statements].some((q) => /^update "post_targets" set "status" = \?, "platform_post_id"/i.test(q))).toBe(
      true,
    );
    const byStatus: string[] = [];
    for (const query of statements) {
      for (const line of await planOf(query)) {
        // An index searched on the status alone: every row of that status read to find the batch's few.
        if (/USING (COVERING )?INDEX \w+ \(status=\?\)$/.test(line))
          byStatus.push(`${line}  ←  ${query.slice(0, 160)}`);
        expect(line).not.toMatch(/^SCAN (post_targets|posts|accounts|flows|events)\b/);
      }
    }
    expect(byStatus).toEqual([]);
  });
});
