// Issue 44, polled intake as deployed: a Mastodon account's mentions (replies and direct messages) are read on the
// minute's cron from its cursor, and each lands once in the inbox however the polls overlap, race or fail.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runJobs } from "../../../src/cron";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { POLL_INTERVAL_MS } from "../../../src/services/inbox/polls";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

const INSTANCE = "https://mastodon.example";
const NOTIFICATIONS = `GET ${INSTANCE}/api/v1/notifications?types%5B%5D=mention&limit=40`;

afterEach(() => vi.restoreAllMocks());

let key: string;
let accountId: string;
beforeAll(async () => {
  const user = await liveUser("creator");
  key = user.key;
  accountId = (await liveAccount(user.userId, "mastodon")).id;
  const rt = await createRuntime(env);
  const credentials = { accessToken: "masto-token", instanceUrl: INSTANCE };
  await credentialsUpsert(rt, accountId, await sealCredentials(rt, accountId, credentials)).run();
});

/** A mention notification as Mastodon sends it: a reply to status `inReplyTo`, or a direct message. */
const mention = (id: string, who: string, html: string, reply: { inReplyTo?: string; direct?: boolean } = {}) => ({
  id: `n${id}`,
  type: "mention",
  created_at: "2026-12-03T10:00:00.000Z",
  account: {
    id: who,
    acct: `${who}@fedi.example`,
    display_name: who.toUpperCase(),
    avatar: `${INSTANCE}/a/${who}.png`,
  },
  status: {
    id: `s${id}`,
    content: html,
    created_at: `2026-12-03T10:00:0${id}.000Z`,
    visibility: reply.direct ? "direct" : "public",
    in_reply_to_id: reply.inReplyTo ?? null,
  },
});

const runPoll = async () => runJobs(await createRuntime(env), ["inbox-polls"]);
/** Makes the account due again, as five minutes passing would. */
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

describe("polled intake: Mastodon mentions", () => {
  it("lands replies as comments on their post and direct messages as a DM, then walks on from its cursor", async () => {
    const wire = scriptWorkerFetch([
      {
        expect: NOTIFICATIONS,
        answer: json(200, [
          mention("2", "bob", "<p>Private question</p>", { direct: true }),
          mention("1", "ada", "<p><span>@herald</span> Love it &amp; more</p><p>Second line</p>", {
            inReplyTo: "post-9",
          }),
        ]),
      },
    ]);
    const ran = await runPoll();
    expect(ran["inbox-polls"]).toEqual({ polled: 1, items: 2, failed: 0 });
    expect(wire.sent[0]?.headers.authorization).toBe("Bearer masto-token");
    await landedAll(["s1", "s2"]);
    const inbox = (await api("GET", "/api/v1/inbox", { key })).body.data as any[];
    const byKind = Object.fromEntries(inbox.map((c) => [c.kind, c]));
    expect(byKind.comment).toMatchObject({
      platform: "mastodon",
      platform_post_id: "post-9",
      contact: { id: "ada", name: "ADA", handle: "ada@fedi.example", avatar_url: `${INSTANCE}/a/ada.png` },
      last_message: { text: "@herald Love it & more\n\nSecond line", direction: "in" },
    });
    expect(byKind.message).toMatchObject({ contact: { id: "bob" }, last_message: { text: "Private question" } });
    expect(await cursorRow()).toMatchObject({ cursor: "n2", lease_until: 0, last_error: null });

    // Not due yet: nothing is called.
    expect((await runPoll())["inbox-polls"]).toEqual({ polled: 0, items: 0, failed: 0 });
    expect(wire.sent).toHaveLength(1);
  });

  it("overlapping pages and racing runs, round after round, call once per round and land each item once", async () => {
    for (let round = 3; round <= 6; round++) {
      await due();
      const before = (await cursorRow())!.cursor as string;
      const wire = scriptWorkerFetch([
        {
          expect: `${NOTIFICATIONS}&min_id=${before}`,
          // The new mention, and one already landed (an instance may answer it again).
          answer: json(200, [
            mention(String(round), "cyd", `<p>round ${round}</p>`, { inReplyTo: "post-9" }),
            mention("1", "ada", "<p>again</p>", { inReplyTo: "post-9" }),
          ]),
        },
      ]);
      const runs = await Promise.all(Array.from({ length: 4 }, runPoll));
      expect(runs.map((r) => (r["inbox-polls"] as { polled: number }).polled).sort()).toEqual([0, 0, 0, 1]);
      expect(wire.sent).toHaveLength(1);
      await landedAll([`s${round}`]);
      vi.restoreAllMocks();
    }
    const landed = await messages();
    expect(landed.filter((id) => id === "s1")).toHaveLength(1);
    expect(landed.sort()).toEqual(["s1", "s2", "s3", "s4", "s5", "s6"]);
    const cyd = (await api("GET", "/api/v1/inbox?q=round", { key })).body.data;
    expect(cyd).toHaveLength(1);
  });

  it("a failing instance keeps the cursor and says why; the next due poll reads from where it was", async () => {
    await due();
    const before = (await cursorRow())!.cursor as string;
    scriptWorkerFetch([{ expect: `${NOTIFICATIONS}&min_id=${before}`, answer: json(503, { error: "down" }) }]);
    expect((await runPoll())["inbox-polls"]).toMatchObject({ polled: 1, failed: 1 });
    expect(await cursorRow()).toMatchObject({ cursor: before, lease_until: 0 });
    expect((await cursorRow())!.last_error).toContain("could not be reached");
    vi.restoreAllMocks();
    await due();
    const wire = scriptWorkerFetch([{ expect: `${NOTIFICATIONS}&min_id=${before}`, answer: json(200, []) }]);
    expect((await runPoll())["inbox-polls"]).toEqual({ polled: 1, items: 0, failed: 0 });
    expect(wire.sent).toHaveLength(1);
    expect(await cursorRow()).toMatchObject({ cursor: before, last_error: null });
  });
});
