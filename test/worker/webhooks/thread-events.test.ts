import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, fastRetries, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, signedWith } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
});

describe("a thread's outcome events reach a subscriber", () => {
  it("post.published once with every segment and the first comment; post.failed with publishedSegments", async () => {
    const user = await newUser("creator");
    await resetClock(user.key);
    await fastRetries(user.key);
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/herald`,
      events: ["post.published", "post.failed"],
    });
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    // Bluesky's second segment gets no answer; X's chain and first comment go through.
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "timeout", count: 1, after: 1 },
    });
    const post = await createPost(user.key, {
      text: "1/3 Launch",
      platforms: [
        { platform: "twitter", account_id: x.id },
        { platform: "bluesky", account_id: bluesky.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      thread: [{ text: "2/3 What" }, { text: "3/3 Why" }],
      first_comment: { text: "Try it" },
    });
    await runDue(user.key);
    await settled(user.key, post.id);

    const got = await eventually(
      async () => (net.received(HOST).length >= 2 ? net.received(HOST) : undefined),
      "both outcome events",
    );
    for (const request of got) expect(await signedWith(webhook.signing_secret, request)).toBe(true);
    const byEvent = Object.fromEntries(got.map((r) => [r.body.event, r.body.data]));
    const xCalls = await publishedCalls(user.key, x.id);
    expect(byEvent["post.published"]).toEqual({
      postId: post.id,
      platform: "twitter",
      accountId: x.id,
      platformPostId: xCalls[0]!.platform_post_id,
      segments: xCalls.filter((c) => c.kind === "publish").map((c) => c.platform_post_id),
      firstCommentId: xCalls.find((c) => c.kind === "comment")!.platform_post_id,
    });
    expect(byEvent["post.failed"]).toEqual({
      postId: post.id,
      platform: "bluesky",
      accountId: bluesky.id,
      error: "AMBIGUOUS_MAY_HAVE_POSTED",
      publishedSegments: 1,
    });
    // Once each: the sweep fans out nothing more.
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["webhook-sweep"] } });
    expect(net.received(HOST)).toHaveLength(2);
  });
});
