import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, connect, newUser } from "./helpers/api";
import { createPost, FUTURE, resetClock, runDue, settled } from "./helpers/posts";
import { eventually } from "./helpers/wait";

const backlog = async (key: string) => {
  const res = await api("GET", "/api/v1/sandbox/backlog", { key });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe("the sandbox's backlog", () => {
  it("counts a due target waiting to retry until it is published, then reads settled", async () => {
    const user = await newUser("creator");
    await resetClock(user.key);
    const bluesky = await connect(user.key, "bluesky");
    expect(await backlog(user.key)).toMatchObject({ targets_due: 0, settled: true });

    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { publish_retry_delays_s: [600] } });
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "error", count: 1 },
    });
    const post = await createPost(user.key, {
      text: "Due soon",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect(await backlog(user.key)).toMatchObject({ targets_due: 0 });
    await runDue(user.key);
    await eventually(async () => {
      const row = await env.DB.prepare("SELECT error_code FROM post_targets WHERE post_id = ?").bind(post.id).first();
      return row?.error_code === "TRANSIENT" ? row : undefined;
    }, "the failed try to be recorded");
    expect(await backlog(user.key)).toMatchObject({ targets_due: 1, targets_publishing: 0, settled: false });

    // Its queue message rings only in ten real minutes: past that and the sweep's lost-message wait, the sweep sends it.
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 1_600_000 } });
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    expect((await settled(user.key, post.id)).status).toBe("published");
    const after = await eventually(async () => {
      const b = await backlog(user.key);
      return b.settled ? b : undefined;
    }, "the backlog to settle");
    expect(after).toMatchObject({ targets_due: 0, targets_publishing: 0, deliveries_unfinished: 0 });
  });

  it("counts deliveries waiting for their retry, once the fan-out has read their events", async () => {
    const user = await newUser("creator");
    await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: "http://127.0.0.1:9/unreachable", events: ["post.published"] },
    });
    await api("PATCH", "/api/v1/sandbox/config", {
      key: user.key,
      body: { webhook_retry_delays_s: [600, 600, 600, 600] },
    });
    await api("POST", "/api/v1/sandbox/events", { key: user.key, body: { event: "post.published", count: 2 } });
    const waiting = await eventually(async () => {
      const b = await backlog(user.key);
      return b.deliveries_unfinished === 2 && b.events_not_fanned_out === 0 ? b : undefined;
    }, "the deliveries to wait for their retry");
    expect(waiting.settled).toBe(false);
  });
});
