import { env } from "cloudflare:test";
import type { TweetV2LookupResult } from "twitter-api-v2";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlatformKey } from "../../../src/platforms/catalog";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { readQueuedMetrics } from "../../../src/services/analytics/samples";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/** A post published on a new `platform` account as `platformPostId`: the daily read's message for its target. */
async function publishedOn(platform: PlatformKey, platformPostId: string) {
  const { userId, key } = await liveUser("creator");
  const account = await liveAccount(userId, platform);
  const rt = await createRuntime(env);
  await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, { accessToken: "token" })).run();
  const post = await api("POST", "/api/v1/posts", {
    key,
    body: {
      text: "counted?",
      platforms: [{ platform, account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: "2031-01-01T09:00:00Z",
    },
  });
  expect([post.status, post.body.error]).toEqual([201, undefined]);
  const target = await env.DB.prepare(
    "UPDATE post_targets SET status = 'published', published_at = ?, platform_post_id = ? WHERE post_id = ? RETURNING id",
  )
    .bind(Date.now(), platformPostId, post.body.data.id)
    .first<{ id: string }>();
  const message = { body: { accountId: account.id, targetIds: [target!.id] }, attempts: 1 };
  return { rt, message, targetId: target!.id };
}

const samplesOf = (targetId: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM metric_samples WHERE target_id = ?").bind(targetId).first("n");

describe("the daily metrics read on platforms with and without counts", () => {
  it("records a sample from what X answers", async () => {
    const { rt, message, targetId } = await publishedOn("twitter", "1900");
    scriptWorkerFetch([
      {
        expect: "GET https://api.x.com/2/tweets?ids=1900&tweet.fields=public_metrics",
        answer: json(200, {
          data: [
            {
              id: "1900",
              text: "counted?",
              edit_history_tweet_ids: ["1900"],
              public_metrics: { like_count: 3, reply_count: 0, retweet_count: 0, quote_count: 0, impression_count: 9 },
            },
          ],
        } satisfies TweetV2LookupResult),
      },
    ]);
    expect(await readQueuedMetrics(rt, message as never)).toBe("ack");
    expect(await samplesOf(targetId)).toBe(1);
  });

  it.each<PlatformKey>(["twitch", "kick"])(
    "skips a %s post: its adapter has no metrics read, so nothing is called or recorded and the message is done",
    async (platform) => {
      const { rt, message, targetId } = await publishedOn(platform, "chat:1");
      const wire = scriptWorkerFetch([]);
      expect(await readQueuedMetrics(rt, message as never)).toBe("ack");
      expect(wire.sent).toEqual([]);
      expect(await samplesOf(targetId)).toBe(0);
    },
  );
});
