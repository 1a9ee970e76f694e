// Issue 46 with issue 44: a Google Business Profile location's reviews come into the inbox by the inbox's poll, each
// once, and the business answers one from the inbox with Google's review reply.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runJobs } from "../../../src/cron";
import type { GbpReview, GbpReviewList, GbpReviewReply } from "../../../src/platforms/google/google-business-shapes";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { POLL_INTERVAL_MS } from "../../../src/services/inbox/polls";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

afterEach(() => vi.restoreAllMocks());

const V4 = "https://mybusiness.googleapis.com/v4";
const LOCATION = "locations/555";

/** A Google Business Profile account with stored tokens and one location: the only one the poll reads. */
async function gbpAccount() {
  await env.DB.prepare("UPDATE accounts SET status = 'disconnected' WHERE platform = 'google_business'").run();
  const { userId, key } = await liveUser("studio");
  const account = await liveAccount(userId, "google_business");
  const rt = await createRuntime(env);
  const credentials = { accessToken: "ya29.gbp", refreshToken: "1//gbp", expiresAt: Date.now() + 3_600_000 };
  await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, credentials)).run();
  await env.DB.prepare("UPDATE accounts SET destinations = ? WHERE id = ?")
    .bind(JSON.stringify([{ id: LOCATION, label: "Acme Coffee — 1 Main St" }]), account.id)
    .run();
  const reviews = `GET ${V4}/${account.platformUserId}/${LOCATION}/reviews?pageSize=50&orderBy=updateTime+desc`;
  return { rt, key, account, reviews };
}

const review = (id: string, updateTime: string, overrides: Partial<GbpReview> = {}): GbpReview => ({
  name: `accounts/1077/${LOCATION}/reviews/${id}`,
  reviewId: id,
  reviewer: { displayName: `Reviewer ${id}`, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${id}` },
  starRating: "FOUR",
  comment: `Review ${id}`,
  createTime: updateTime,
  updateTime,
  ...overrides,
});
const page = (...reviews: GbpReview[]) =>
  json(200, { reviews, totalReviewCount: reviews.length } satisfies GbpReviewList);

const inboxOf = async (key: string) => (await api("GET", "/api/v1/inbox", { key })).body.data as any[];
const landedCount = async (accountId: string) =>
  Number(
    await env.DB.prepare("SELECT COUNT(*) AS n FROM inbox_messages WHERE account_id = ? AND direction = 'in'")
      .bind(accountId)
      .first("n"),
  );
/** The account's cursor: each location's newest review taken. */
const cursorOf = async (accountId: string) => {
  const cursor = await env.DB.prepare("SELECT cursor FROM inbox_poll_cursors WHERE account_id = ?")
    .bind(accountId)
    .first<string | null>("cursor");
  return cursor ? JSON.parse(cursor) : cursor;
};
/** A poll run, after making the account due again as five minutes passing would. */
async function poll(rt: Awaited<ReturnType<typeof createRuntime>>) {
  await env.DB.prepare("UPDATE inbox_poll_cursors SET polled_at = polled_at - ?").bind(POLL_INTERVAL_MS).run();
  return (await runJobs(rt, ["inbox-polls"]))["inbox-polls"];
}

describe("Google Business Profile reviews in the inbox", () => {
  it("the poll takes each review in once, as its own conversation on the location, stars and words shown", async () => {
    const { rt, key, account, reviews } = await gbpAccount();
    const older = review("r-1", "2030-06-01T09:00:00.100Z", { starRating: "TWO", comment: "Cold coffee" });
    const anonymous = review("r-2", "2030-06-02T09:00:00.200Z", {
      reviewer: { isAnonymous: true },
      comment: undefined,
    });
    scriptWorkerFetch([{ expect: reviews, answer: page(anonymous, older) }]);
    expect(await poll(rt)).toEqual({ polled: 1, items: 2, failed: 0 });
    await eventually(async () => ((await landedCount(account.id)) === 2 ? true : undefined), "two reviews landed");
    const listed = await inboxOf(key);
    expect(
      listed.map((c) => [c.platform, c.kind, c.contact.name, c.platform_post_id, c.last_message.text]).sort(),
    ).toEqual([
      ["google_business", "comment", "A Google user", LOCATION, "★★★★☆"],
      ["google_business", "comment", "Reviewer r-1", LOCATION, "★★☆☆☆ Cold coffee"],
    ]);
    expect(await cursorOf(account.id)).toEqual({ [LOCATION]: "2030-06-02T09:00:00.200Z" });

    // The next poll Google lists them again with a new one on top: only the new one comes in.
    vi.restoreAllMocks();
    const newer = review("r-3", "2030-06-03T09:00:00.300Z", { starRating: "FIVE", comment: "Best flat white" });
    const wire = scriptWorkerFetch([{ expect: reviews, answer: page(newer, anonymous, older) }]);
    expect(await poll(rt)).toEqual({ polled: 1, items: 1, failed: 0 });
    await eventually(async () => ((await landedCount(account.id)) === 3 ? true : undefined), "the new review landed");
    expect(wire.remaining).toEqual([]);
    expect((await inboxOf(key)).map((c) => c.last_message.text)).toContain("★★★★★ Best flat white");
    expect(await cursorOf(account.id)).toEqual({ [LOCATION]: "2030-06-03T09:00:00.300Z" });
  });

  it("a poll Google fails leaves the cursor where it was, so the next poll reads the same reviews", async () => {
    const { rt, account, reviews } = await gbpAccount();
    scriptWorkerFetch([{ expect: reviews, answer: page(review("r-1", "2030-06-01T09:00:00Z")) }]);
    await poll(rt);
    await eventually(async () => ((await landedCount(account.id)) === 1 ? true : undefined), "the first review");
    vi.restoreAllMocks();
    scriptWorkerFetch([
      { expect: reviews, answer: json(503, { error: { code: 503, message: "Backend Error", status: "UNAVAILABLE" } }) },
    ]);
    await poll(rt);
    expect(await cursorOf(account.id)).toEqual({ [LOCATION]: "2030-06-01T09:00:00Z" });
    vi.restoreAllMocks();
    const late = review("r-2", "2030-06-01T10:00:00Z");
    scriptWorkerFetch([{ expect: reviews, answer: page(late, review("r-1", "2030-06-01T09:00:00Z")) }]);
    await poll(rt);
    await eventually(async () => ((await landedCount(account.id)) === 2 ? true : undefined), "the late review");
  });

  it("a reply from the inbox is Google's review reply, sent once; one over 4096 bytes is refused with nothing sent", async () => {
    const { rt, key, reviews } = await gbpAccount();
    const one = review("r-9", "2030-06-05T09:00:00Z");
    scriptWorkerFetch([{ expect: reviews, answer: page(one) }]);
    await poll(rt);
    const conversation = await eventually(async () => (await inboxOf(key))[0], "the review's conversation");
    vi.restoreAllMocks();
    const google = scriptWorkerFetch([
      {
        expect: `PUT ${V4}/${one.name}/reply`,
        answer: json(200, {
          comment: "Thank you, see you soon!",
          updateTime: "2030-06-05T10:00:00Z",
        } satisfies GbpReviewReply),
      },
    ]);
    const long = await api("POST", `/api/v1/inbox/${conversation.id}/replies`, {
      key,
      body: { text: "x".repeat(4097) },
    });
    expect([long.status, long.body.error.code]).toEqual([400, "validation_error"]);
    const sent = await api("POST", `/api/v1/inbox/${conversation.id}/replies`, {
      key,
      body: { text: "Thank you, see you soon!" },
    });
    expect(sent.status).toBe(202);
    const message = await eventually(async () => {
      const detail = await api("GET", `/api/v1/inbox/${conversation.id}`, { key });
      const out = (detail.body.data.messages as any[]).find((m) => m.id === sent.body.data.id);
      return out?.status === "sent" ? out : undefined;
    }, "the reply sent");
    expect(message.platform_message_id).toBe(`${one.name}/reply`);
    expect(google.sent.map((s) => [s.method, s.body])).toEqual([["PUT", { comment: "Thank you, see you soon!" }]]);
  });
});
