// A thread's follow-up segment as each real adapter sends it: the reply parent (and Bluesky's root) in the request
// body its platform's published types name. Recorded answers, no network.
import type { ComAtprotoRepoCreateRecord, ComAtprotoRepoGetRecord } from "@atproto/api";
import type { mastodon } from "masto";
import type { TweetV2PostTweetResult } from "twitter-api-v2";
import { describe, expect, it } from "vitest";
import { BlueskyAdapter, type Wire } from "../../../src/platforms/bluesky";
import { MastodonAdapter, type Wire as MastodonWire } from "../../../src/platforms/fediverse/mastodon";
import type { GraphCreated, ThreadsContainer, ThreadsPermalink } from "../../../src/platforms/meta/meta-shapes";
import { ThreadsAdapter } from "../../../src/platforms/meta/threads";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { XAdapter } from "../../../src/platforms/x";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import type { PartOf } from "../helpers/answers/part";
import { json, scriptedPlatform } from "../helpers/platform";
import { fakeTime, recordedFetch } from "../helpers/recorded-fetch";

const accountOf = (platform: PlatformAccount["platform"], credentials: Record<string, string>): PlatformAccount => ({
  id: `acct_${platform}`,
  platform,
  platformUserId: "1",
  subscriptionTier: null,
  destinations: [],
  credentials,
});

/** A follow-up segment: its text, and the segment it answers (`parent`) under the thread's first one (`root`). */
const segment = (
  parent: { platformPostId: string; cid?: string },
  root: { platformPostId: string; cid?: string },
  options: Record<string, unknown> = {},
): PublishRequest => ({ text: "2/ more", media: [], options, replyTo: { parent, root } });

describe("X: a segment is a reply to the one before", () => {
  it("sends reply.in_reply_to_tweet_id the parent segment's id, with the target's reply settings", async () => {
    const platform = scriptedPlatform([
      {
        expect: "POST https://api.x.com/2/tweets",
        answer: json(201, { data: { id: "1002", text: "2/ more" } } satisfies TweetV2PostTweetResult),
      },
    ]);
    const account = accountOf("twitter", { accessToken: "x-token", refreshToken: "x-refresh" });
    const result = await new XAdapter(platform.deps).publish(
      account,
      segment({ platformPostId: "1001" }, { platformPostId: "1000" }, { reply_settings: "following" }),
    );
    expect(result.platformPostId).toBe("1002");
    expect(platform.sent[0]!.body).toEqual({
      text: "2/ more",
      reply_settings: "following",
      reply: { in_reply_to_tweet_id: "1001" },
    });
  });
});

describe("Bluesky: a segment names its parent and the thread's root as strong references", () => {
  const created = (rkey: string) =>
    json(200, {
      uri: `at://${DID}/app.bsky.feed.post/${rkey}`,
      cid: `bafy${rkey}`,
    } satisfies Wire<ComAtprotoRepoCreateRecord.OutputSchema>);
  const root = { platformPostId: `at://${DID}/app.bsky.feed.post/s0`, cid: "bafys0" };
  const parent = { platformPostId: `at://${DID}/app.bsky.feed.post/s1`, cid: "bafys1" };

  it("uses the content ids kept from each segment's answer, reading nothing", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("s2") }]);
    const result = await new BlueskyAdapter(platform.deps).publish(blueskyAccount, segment(parent, root));
    // The answer keeps this segment's cid for the next one.
    expect(result).toMatchObject({ platformPostId: `at://${DID}/app.bsky.feed.post/s2`, cid: "bafys2" });
    const record = (platform.sent[0]!.body as { record: Record<string, unknown> }).record;
    expect(record).toMatchObject({ $type: "app.bsky.feed.post", text: "2/ more" });
    expect(record.reply).toEqual({
      root: { uri: root.platformPostId, cid: "bafys0" },
      parent: { uri: parent.platformPostId, cid: "bafys1" },
    });
  });

  it("reads a segment's record for its content id when it was not kept", async () => {
    const platform = scriptedPlatform([
      // Root and parent are both the first segment here, each read for its content id.
      {
        expect: `GET ${PDS}/com.atproto.repo.getRecord?repo=${encodeURIComponent(DID)}&collection=app.bsky.feed.post&rkey=s0`,
        answer: json(200, {
          uri: root.platformPostId,
          cid: "bafys0-read",
          value: { text: "1/" },
        } satisfies ComAtprotoRepoGetRecord.OutputSchema),
      },
      {
        expect: `GET ${PDS}/com.atproto.repo.getRecord?repo=${encodeURIComponent(DID)}&collection=app.bsky.feed.post&rkey=s0`,
        answer: json(200, {
          uri: root.platformPostId,
          cid: "bafys0-read",
          value: { text: "1/" },
        } satisfies ComAtprotoRepoGetRecord.OutputSchema),
      },
      { expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("s1") },
    ]);
    await new BlueskyAdapter(platform.deps).publish(
      blueskyAccount,
      segment({ platformPostId: root.platformPostId }, { platformPostId: root.platformPostId }),
    );
    const record = (platform.sent.at(-1)!.body as { record: Record<string, unknown> }).record;
    expect(record.reply).toEqual({
      root: { uri: root.platformPostId, cid: "bafys0-read" },
      parent: { uri: root.platformPostId, cid: "bafys0-read" },
    });
  });
});

describe("Threads: a segment's container names reply_to_id", () => {
  it("creates the reply container under the parent segment, then publishes it", async () => {
    const API = "https://graph.threads.com/v1.0";
    const USER = "25000000000000001";
    const TOKEN = "access_token=th-token";
    const wire = recordedFetch([
      { method: "POST", url: `${API}/${USER}/threads`, json: { id: "c2" } satisfies GraphCreated },
      {
        method: "GET",
        url: `${API}/c2?fields=status%2Cerror_message&${TOKEN}`,
        json: { status: "FINISHED", id: "c2" } satisfies ThreadsContainer,
      },
      { method: "POST", url: `${API}/${USER}/threads_publish`, json: { id: "t2" } satisfies GraphCreated },
      {
        method: "GET",
        url: `${API}/t2?fields=permalink&${TOKEN}`,
        json: { permalink: "https://www.threads.com/@cafe/post/t2", id: "t2" } satisfies ThreadsPermalink,
      },
    ]);
    const time = fakeTime();
    const adapter = new ThreadsAdapter({
      fetch: wire.fetch,
      now: time.now,
      sleep: time.sleep,
      containerWait: { intervalMs: 30_000, timeoutMs: 300_000 },
    });
    const account = { ...accountOf("threads", { accessToken: "th-token" }), platformUserId: USER };
    const result = await adapter.publish(account, segment({ platformPostId: "t1" }, { platformPostId: "t0" }));
    expect(result.platformPostId).toBe("t2");
    expect(wire.sent[0]!.body).toBe(`media_type=TEXT&text=2%2F+more&reply_to_id=t1&${TOKEN}`);
    wire.expectAllUsed();
  });
});

describe("Mastodon: a segment is a status in_reply_to_id the one before", () => {
  it("sends in_reply_to_id with the target's visibility and content warning", async () => {
    const INSTANCE = "https://mastodon.example";
    const platform = scriptedPlatform([
      {
        expect: `POST ${INSTANCE}/api/v1/statuses`,
        answer: json(200, {
          id: "110000000000000002",
          url: `${INSTANCE}/@herald/110000000000000002`,
        } satisfies PartOf<MastodonWire<mastodon.v1.Status>>),
      },
    ]);
    const account = accountOf("mastodon", { instanceUrl: INSTANCE, accessToken: "masto-token" });
    await new MastodonAdapter(platform.deps).publish(
      account,
      segment(
        { platformPostId: "110000000000000001" },
        { platformPostId: "110000000000000000" },
        {
          visibility: "unlisted",
          spoiler_text: "Launch",
        },
      ),
    );
    expect(platform.sent[0]!.body).toEqual({
      status: "2/ more",
      visibility: "unlisted",
      spoiler_text: "Launch",
      in_reply_to_id: "110000000000000001",
    });
  });
});
