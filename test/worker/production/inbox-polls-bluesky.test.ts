// Issue 44, polled intake as deployed: a Bluesky account's replies, mentions and quotes (its notifications) are read
// on the minute's cron from its cursor and shown in the inbox, each once however the polls overlap, race or repeat.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runJobs } from "../../../src/cron";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { POLL_INTERVAL_MS } from "../../../src/services/inbox/polls";
import { createRuntime } from "../../../src/services/runtime";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

const LIST = `GET ${PDS}/app.bsky.notification.listNotifications?reasons=reply&reasons=mention&reasons=quote&limit=100`;
const OURS = `at://${DID}/app.bsky.feed.post/3lours`;
const CID = "bafyreidsemiehpaya7tpoqfsgxvxkepmwmzfljvdovbvmmiznxuks5injm";

afterEach(() => vi.restoreAllMocks());

let key: string;
let accountId: string;
beforeAll(async () => {
  const user = await liveUser("creator");
  key = user.key;
  accountId = (await liveAccount(user.userId, "bluesky")).id;
  const rt = await createRuntime(env);
  const credentials = { ...blueskyAccount.credentials, expiresAt: Date.now() + 24 * 3_600_000 };
  await credentialsUpsert(rt, accountId, await sealCredentials(rt, accountId, credentials)).run();
});

const at = (n: number) => new Date(Date.UTC(2026, 11, 3, 10, 0, n)).toISOString();
const uriOf = (n: number, who: string) => `at://did:plc:${who}/app.bsky.feed.post/3l${n}`;
/** A notification as Bluesky's AppView sends it; a reply answers the account's post. */
const notification = (n: number, reason: string, who: string, text = `post ${n}`) => ({
  uri: uriOf(n, who),
  cid: CID,
  author: { did: `did:plc:${who}`, handle: `${who}.bsky.social`, displayName: who.toUpperCase() },
  reason,
  record: {
    $type: "app.bsky.feed.post",
    text,
    createdAt: at(n),
    ...(reason === "reply" ? { reply: { root: { uri: OURS, cid: CID }, parent: { uri: OURS, cid: CID } } } : {}),
  },
  isRead: false,
  indexedAt: at(n),
});
const page = (notifications: unknown[], cursor = "older") => json(200, { notifications, cursor });

const runPoll = async () => runJobs(await createRuntime(env), ["inbox-polls"]);
const due = () =>
  env.DB.prepare("UPDATE inbox_poll_cursors SET polled_at = polled_at - ? WHERE account_id = ?")
    .bind(POLL_INTERVAL_MS, accountId)
    .run();
const cursorRow = () =>
  env.DB.prepare("SELECT * FROM inbox_poll_cursors WHERE account_id = ?").bind(accountId).first<Record<string, any>>();
const messages = async () =>
  (
    await env.DB.prepare("SELECT platform_message_id FROM inbox_messages WHERE account_id = ? ORDER BY at, id")
      .bind(accountId)
      .all<{ platform_message_id: string }>()
  ).results.map((r) => r.platform_message_id);
const landedAll = (ids: string[]) =>
  eventually(
    async () => {
      const got = await messages();
      return ids.every((id) => got.includes(id)) ? got : undefined;
    },
    `${ids.join(", ")} landed`,
  );

describe("polled intake: Bluesky notifications", () => {
  it("lands a reply as a comment on the account's post, shown by GET /api/v1/inbox; a like does not come in", async () => {
    const wire = scriptWorkerFetch([
      {
        expect: LIST,
        answer: page([notification(2, "like", "eve"), notification(1, "reply", "ada", "Love this launch")]),
      },
    ]);
    const ran = await runPoll();
    expect(ran["inbox-polls"]).toEqual({ polled: 1, items: 1, failed: 0 });
    expect(wire.sent[0]?.headers.authorization).toBe("Bearer access-jwt");
    await landedAll([uriOf(1, "ada")]);
    const inbox = (await api("GET", "/api/v1/inbox", { key })).body.data as any[];
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      kind: "comment",
      platform: "bluesky",
      account_id: accountId,
      platform_post_id: OURS,
      contact: { id: "did:plc:ada", name: "ADA", handle: "ada.bsky.social" },
      last_message: { text: "Love this launch", direction: "in" },
    });
    expect(JSON.parse((await cursorRow())!.cursor)).toEqual({ seen: { at: at(2), uri: uriOf(2, "eve") } });
  });

  it("overlapping pages and racing runs, round after round, read once per round and land each item once", async () => {
    for (let round = 3; round <= 6; round++) {
      await due();
      // The newest page holds the new reply and those already taken: the walk stops at the one taken last.
      const wire = scriptWorkerFetch([
        {
          expect: LIST,
          answer: page([
            notification(round, round % 2 ? "reply" : "mention", "cyd", `round ${round}`),
            ...(round > 3 ? [notification(round - 1, (round - 1) % 2 ? "reply" : "mention", "cyd")] : []),
            notification(2, "like", "eve"),
            notification(1, "reply", "ada", "again"),
          ]),
        },
      ]);
      const runs = await Promise.all(Array.from({ length: 4 }, runPoll));
      expect(runs.map((r) => (r["inbox-polls"] as { polled: number }).polled).sort()).toEqual([0, 0, 0, 1]);
      expect(runs.map((r) => (r["inbox-polls"] as { items: number }).items).sort()).toEqual([0, 0, 0, 1]);
      expect(wire.sent).toHaveLength(1);
      await landedAll([uriOf(round, "cyd")]);
      vi.restoreAllMocks();
    }
    const landed = await messages();
    expect(landed.filter((id) => id === uriOf(1, "ada"))).toHaveLength(1);
    expect(landed.sort()).toEqual([uriOf(1, "ada"), ...[3, 4, 5, 6].map((n) => uriOf(n, "cyd"))].sort());
    expect((await api("GET", "/api/v1/inbox?q=round", { key })).body.data.length).toBeGreaterThan(0);
  });

  it("a poll repeated from the same cursor (a run that died before moving it) lands nothing twice", async () => {
    const before = (await cursorRow())!.cursor as string;
    const answer = page([notification(7, "quote", "dee", "quoted you"), notification(6, "mention", "cyd")]);
    for (let repeat = 0; repeat < 2; repeat++) {
      await due();
      scriptWorkerFetch([{ expect: LIST, answer }]);
      expect((await runPoll())["inbox-polls"]).toEqual({ polled: 1, items: 1, failed: 0 });
      await landedAll([uriOf(7, "dee")]);
      vi.restoreAllMocks();
      // As if the cursor had never moved.
      await env.DB.prepare("UPDATE inbox_poll_cursors SET cursor = ? WHERE account_id = ?")
        .bind(before, accountId)
        .run();
    }
    expect((await messages()).filter((id) => id === uriOf(7, "dee"))).toHaveLength(1);
  });
});
