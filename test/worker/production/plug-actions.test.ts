import { env } from "cloudflare:test";
import type { TweetV2LookupResult, TweetV2RetweetResult } from "twitter-api-v2";
import { afterEach, describe, expect, it, vi } from "vitest";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { checkPlugs } from "../../../src/services/plugs/checks";
import { firePlug } from "../../../src/services/plugs/fire";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/** An X account with stored tokens, a post published on it as tweet 1900, and a repost plug armed on it. */
async function armedOnX() {
  const { userId, key } = await liveUser("creator");
  const account = await liveAccount(userId, "twitter");
  const rt = await createRuntime(env);
  const credentials = { accessToken: "x-user-token", refreshToken: "x-refresh", expiresAt: Date.now() + 3_600_000 };
  await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, credentials)).run();
  const post = await api("POST", "/api/v1/posts", {
    key,
    body: {
      text: "plugged",
      platforms: [{ platform: "twitter", account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: "2031-01-01T09:00:00Z",
    },
  });
  const plug = await api("POST", `/api/v1/posts/${post.body.data.id}/plugs`, {
    key,
    body: { account_id: account.id, trigger: { metric: "likes", threshold: 5 }, action: { kind: "repost" } },
  });
  expect(plug.status).toBe(201);
  await env.DB.prepare("UPDATE post_targets SET status = 'published', platform_post_id = '1900' WHERE post_id = ?")
    .bind(post.body.data.id)
    .run();
  return { rt, account, key, plugId: plug.body.data.id as string };
}

describe("plug actions on a real platform (X scripted)", () => {
  it("plugs work on real platforms: the action carries the account's stored token, as publishing does", async () => {
    const { rt, account, plugId } = await armedOnX();
    const x = scriptWorkerFetch([
      {
        expect: `POST https://api.x.com/2/users/${encodeURIComponent(account.platformUserId)}/retweets`,
        answer: json(200, { data: { retweeted: true } } satisfies TweetV2RetweetResult),
      },
    ]);
    expect(await firePlug(rt, plugId, 7)).toBe("fired");
    expect(x.sent.map((s) => [s.headers.authorization, s.body])).toEqual([
      ["Bearer x-user-token", { tweet_id: "1900" }],
    ]);
    const row = await env.DB.prepare("SELECT state, action_platform_post_id FROM plugs WHERE id = ?")
      .bind(plugId)
      .first();
    expect(row).toEqual({ state: "fired", action_platform_post_id: "1900" });
  });

  it("plugs work on real platforms: the metric check reads with the stored token, then the goal fires the action", async () => {
    const { rt, account, plugId } = await armedOnX();
    await env.DB.prepare("UPDATE plugs SET window_start_at = ?, next_check_at = ? WHERE id = ?")
      .bind(Date.now(), Date.now(), plugId)
      .run();
    const x = scriptWorkerFetch([
      {
        expect: "GET https://api.x.com/2/tweets?ids=1900&tweet.fields=public_metrics",
        answer: json(200, {
          data: [
            {
              id: "1900",
              text: "plugged",
              edit_history_tweet_ids: ["1900"],
              public_metrics: { like_count: 9, reply_count: 0, retweet_count: 0, quote_count: 0, impression_count: 40 },
            },
          ],
        } satisfies TweetV2LookupResult),
      },
    ]);
    const fired: [string, number][] = [];
    const reached = await checkPlugs(rt, { accountId: account.id, plugIds: [plugId] }, async (id, value) => {
      fired.push([id, value]);
    });
    expect(reached).toEqual([plugId]);
    expect(fired).toEqual([[plugId, 9]]);
    expect(x.sent.map((s) => s.headers.authorization)).toEqual(["Bearer x-user-token"]);
  });

  it("a successful action whose recording fails is recorded on the next try, and post.plug_fired is sent once", async () => {
    const { rt, account, plugId } = await armedOnX();
    scriptWorkerFetch([
      {
        expect: `POST https://api.x.com/2/users/${encodeURIComponent(account.platformUserId)}/retweets`,
        answer: json(200, { data: { retweeted: true } } satisfies TweetV2RetweetResult),
      },
    ]);
    // The first recording lands in D1 but its answer is lost, as when a connection drops after the commit.
    const batch = rt.db.batch.bind(rt.db);
    let calls = 0;
    vi.spyOn(rt.db, "batch").mockImplementation(async (statements) => {
      const written = await batch(statements);
      calls += 1;
      if (calls === 1) throw new Error("D1 connection reset");
      return written;
    });
    expect(await firePlug(rt, plugId, 7)).toBe("fired");
    const row = await env.DB.prepare("SELECT state, error FROM plugs WHERE id = ?").bind(plugId).first();
    expect(row).toEqual({ state: "fired", error: null });
    const events = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM events WHERE type = 'post.plug_fired' AND data LIKE ?",
    )
      .bind(`%${plugId}%`)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });
});
