// Issue 44: the Bluesky inbox's poll, against recorded `app.bsky.notification.listNotifications` answers: replies,
// mentions and quotes become comments on the post they answer or quote, oldest first; the cursor walks back to the
// newest notification taken, bounded per poll and resumed on the next, so nothing is skipped and nothing comes twice.
import type { AppBskyNotificationListNotifications } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { BlueskyAdapter, type Notification, type PostRecord, type Wire } from "../../../src/platforms/bluesky";
import type { PolledItem } from "../../../src/platforms/types";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import { type Exchange, json, scriptedPlatform } from "../helpers/platform";

const account = blueskyAccount;
const LIST = `GET ${PDS}/app.bsky.notification.listNotifications?reasons=reply&reasons=mention&reasons=quote&limit=100`;
const OURS = `at://${DID}/app.bsky.feed.post/3lours`;
const CID = "bafyreidsemiehpaya7tpoqfsgxvxkepmwmzfljvdovbvmmiznxuks5injm";

/** The n-th second of the day the notifications were indexed, as Bluesky writes it. */
const at = (n: number) => new Date(Date.UTC(2026, 11, 3, 10, 0, n)).toISOString();

/** A notification as the AppView sends it: `n` orders them (its indexing second, its post's rkey). */
function notification(
  n: number,
  reason: Notification["reason"],
  record: Partial<PostRecord> = {},
  who = "ada",
): Notification {
  return {
    uri: `at://did:plc:${who}/app.bsky.feed.post/3l${n}`,
    cid: CID,
    author: {
      did: `did:plc:${who}`,
      handle: `${who}.bsky.social`,
      displayName: who.toUpperCase(),
      avatar: `https://cdn.bsky.app/img/avatar/${who}.jpg`,
    },
    reason,
    record: { $type: "app.bsky.feed.post", text: `post ${n}`, createdAt: at(n), ...record } as Notification["record"],
    isRead: false,
    indexedAt: at(n),
  };
}
const reply = (n: number, who = "ada") =>
  notification(n, "reply", { reply: { root: { uri: OURS, cid: CID }, parent: { uri: OURS, cid: CID } } }, who);
const like = (n: number) => ({ ...notification(n, "like"), record: { $type: "app.bsky.feed.like" } });

/** One page, newest first; `cursor` to the next (older) one. */
const page = (notifications: Notification[], cursor?: string): Exchange["answer"] =>
  json(200, {
    notifications,
    ...(cursor ? { cursor } : {}),
  } satisfies Wire<AppBskyNotificationListNotifications.OutputSchema>);
const poll = async (script: Exchange[], cursor: string | null) => {
  const platform = scriptedPlatform(script);
  const result = await new BlueskyAdapter(platform.deps).inbox.poll(account, cursor);
  expect(platform.remaining).toEqual([]);
  return { ...result, sent: platform.sent };
};
const ids = (items: PolledItem[]) => items.map((item) => item.id.split("/").pop());
const cursorOf = (cursor: string | null) => JSON.parse(cursor ?? "null");

describe("Bluesky inbox poll", () => {
  it("takes replies, mentions and quotes as comments on what they answer, oldest first; likes, follows and reposts are not", async () => {
    const quoted = `at://${DID}/app.bsky.feed.post/3lquoted`;
    const { items, cursor, sent } = await poll(
      [
        {
          expect: LIST,
          answer: page(
            [
              like(7),
              notification(6, "quote", {
                text: "look at this",
                embed: {
                  $type: "app.bsky.embed.recordWithMedia",
                  record: { record: { uri: quoted, cid: CID } },
                  media: { $type: "app.bsky.embed.images", images: [] },
                },
              }),
              notification(5, "follow", {}, "eve"),
              notification(4, "quote", { embed: { $type: "app.bsky.embed.record", record: { uri: OURS, cid: CID } } }),
              notification(3, "repost"),
              notification(2, "mention", { text: "hey @herald.bsky.social" }, "bob"),
              reply(1),
            ],
            "older-page",
          ),
        },
      ],
      null,
    );
    expect(sent[0]!.headers.authorization).toBe("Bearer access-jwt");
    expect(items).toEqual([
      {
        kind: "comment",
        id: "at://did:plc:ada/app.bsky.feed.post/3l1",
        senderId: "did:plc:ada",
        text: "post 1",
        mediaId: OURS,
        sentAt: Date.parse(at(1)),
        sender: { name: "ADA", handle: "ada.bsky.social", avatarUrl: "https://cdn.bsky.app/img/avatar/ada.jpg" },
      },
      // A mention outside a thread answers no post.
      expect.not.objectContaining({ mediaId: expect.anything() }),
      expect.objectContaining({ id: "at://did:plc:ada/app.bsky.feed.post/3l4", mediaId: OURS }),
      expect.objectContaining({ id: "at://did:plc:ada/app.bsky.feed.post/3l6", mediaId: quoted, text: "look at this" }),
    ]);
    expect(items[1]).toMatchObject({ senderId: "did:plc:bob", text: "hey @herald.bsky.social" });
    // A first poll reads the newest page only; the newest notification (of any reason) is where the next one stops.
    expect(cursorOf(cursor)).toEqual({ seen: { at: at(7), uri: "at://did:plc:ada/app.bsky.feed.post/3l7" } });
  });

  it("walks down from the newest page to the one taken last, calls no further, and moves the cursor to the newest", async () => {
    const seen = JSON.stringify({ seen: { at: at(3), uri: "at://did:plc:ada/app.bsky.feed.post/3l3" } });
    const { items, cursor, sent } = await poll(
      [
        { expect: LIST, answer: page([reply(9), like(8), reply(7, "cyd")], "p2") },
        { expect: `${LIST}&cursor=p2`, answer: page([reply(6), reply(3), reply(2)], "p3") },
      ],
      seen,
    );
    expect(sent).toHaveLength(2);
    expect(ids(items)).toEqual(["3l6", "3l7", "3l9"]);
    expect(cursorOf(cursor)).toEqual({ seen: { at: at(9), uri: "at://did:plc:ada/app.bsky.feed.post/3l9" } });

    // Nothing new: one call, the same position, nothing again.
    const again = await poll([{ expect: LIST, answer: page([reply(9), like(8)], "p2") }], cursor);
    expect(again.items).toEqual([]);
    expect(cursorOf(again.cursor)).toEqual(cursorOf(cursor));
  });

  it("stops at an older one when the one taken last is gone (a deleted post's notification)", async () => {
    const seen = JSON.stringify({ seen: { at: at(5), uri: "at://did:plc:ada/app.bsky.feed.post/3lgone" } });
    const { items } = await poll([{ expect: LIST, answer: page([reply(8), reply(6), reply(4)], "p2") }], seen);
    expect(ids(items)).toEqual(["3l6", "3l8"]);
  });

  it("a backlog past the poll's pages goes on from where the walk stopped: none skipped, none twice", async () => {
    // 14 new notifications since the one taken last (n = 0), two a page: 5 pages this poll, the rest the next.
    const pageOf = (p: number) => [reply(14 - 2 * p), reply(13 - 2 * p)];
    const seen = JSON.stringify({ seen: { at: at(0), uri: "at://did:plc:ada/app.bsky.feed.post/3l0" } });
    const first = await poll(
      [0, 1, 2, 3, 4].map((p) => ({
        expect: p === 0 ? LIST : `${LIST}&cursor=p${p}`,
        answer: page(pageOf(p), `p${p + 1}`),
      })),
      seen,
    );
    expect(ids(first.items)).toEqual(["3l5", "3l6", "3l7", "3l8", "3l9", "3l10", "3l11", "3l12", "3l13", "3l14"]);
    const top = { at: at(14), uri: "at://did:plc:ada/app.bsky.feed.post/3l14" };
    expect(cursorOf(first.cursor)).toEqual({ seen: cursorOf(seen).seen, walk: { page: "p5", top } });

    // Meanwhile 15 came; the walk goes on below 14 down to 0 first, then moves the position to 14.
    const second = await poll(
      [
        { expect: `${LIST}&cursor=p5`, answer: page(pageOf(5), "p6") },
        { expect: `${LIST}&cursor=p6`, answer: page([...pageOf(6), reply(0)], "p7") },
      ],
      first.cursor,
    );
    expect(ids(second.items)).toEqual(["3l1", "3l2", "3l3", "3l4"]);
    expect(cursorOf(second.cursor)).toEqual({ seen: top });

    // The next poll reads from the newest page down to 14: 15 comes, once.
    const third = await poll([{ expect: LIST, answer: page([reply(15), reply(14)], "q2") }], second.cursor);
    expect(ids(third.items)).toEqual(["3l15"]);
    const all = [...first.items, ...second.items, ...third.items].map((i) => i.id);
    expect(new Set(all).size).toBe(15);
  });

  it("an account with no notifications yet keeps no position, and its end of list ends a walk", async () => {
    const empty = await poll([{ expect: LIST, answer: page([]) }], null);
    expect(empty).toMatchObject({ items: [], cursor: null });
    const seen = JSON.stringify({ seen: { at: at(0), uri: "at://did:plc:ada/app.bsky.feed.post/3lgone" } });
    const ended = await poll([{ expect: LIST, answer: page([reply(2)]) }], seen);
    expect(ids(ended.items)).toEqual(["3l2"]);
    expect(cursorOf(ended.cursor)).toEqual({ seen: { at: at(2), uri: "at://did:plc:ada/app.bsky.feed.post/3l2" } });
  });

  it("a failing AppView throws, leaving the cursor to the caller", async () => {
    const platform = scriptedPlatform([{ expect: LIST, answer: json(502, { error: "UpstreamFailure" }) }]);
    await expect(new BlueskyAdapter(platform.deps).inbox.poll(account, null)).rejects.toMatchObject({
      failure: "transient",
    });
  });
});
