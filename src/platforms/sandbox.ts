// The sandbox platform: records what it was sent, answers metrics, and fails on the faults it is given.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { rowsInsert } from "../db/rows-insert";
import {
  accounts,
  sandboxCalls,
  sandboxFaults,
  sandboxFollowers,
  sandboxMetrics,
  sandboxProfiles,
  sandboxTemplates,
} from "../db/schema";
import { coalesced } from "../lib/coalesce";
import { OUTCOME } from "../lib/error-codes";
import { newId } from "../lib/ids";
import { oncePer } from "../lib/memo";
import type { Runtime } from "../services/runtime";
import { PLATFORMS, type PlatformKey, X_PAID_TIERS } from "./catalog";
import { followersOf } from "./metrics";
import {
  type CommentActions,
  type Destination,
  type MessageTemplate,
  type Messaging,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type Profile,
  type PublishResult,
  type TemplateStatus,
} from "./types";

/**
 * How a faulted call fails: 503, no answer, a refusal of the content, the account's tokens refused (revoked), or 429
 * with the time its window resets (`rate_limited`, `SANDBOX_RATE_LIMIT_RESET_MS` later).
 */
export const FAULT_MODES = ["error", "timeout", "reject", "revoked", "rate_limited"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** How long after a `rate_limited` fault the sandbox platform says its window resets. */
export const SANDBOX_RATE_LIMIT_RESET_MS = 20_000;

type CallRow = typeof sandboxCalls.$inferInsert;

const insertCalls = rowsInsert(sandboxCalls);

/**
 * The sandbox's own bookkeeping, shared by the calls of one runtime (one request, queue batch or cron
 * run): the faults waiting are read once, at its first call (a fault set meanwhile waits for the next runtime), and
 * the calls made at once are recorded with one write, as a real platform's calls would each go out on their own.
 */
const ledgerOf = oncePer((rt: Runtime) => {
  let faulted: Promise<Set<string>> | undefined;
  const readFaults = async () => {
    const rows = await rt.db
      .select({ platform: sandboxFaults.platform })
      .from(sandboxFaults)
      .where(gt(sandboxFaults.remaining, 0));
    return new Set(rows.map((r) => r.platform));
  };
  return {
    /** The platforms with a fault waiting when the runtime first called a platform. */
    faulted: () =>
      (faulted ??= readFaults().catch((error) => {
        faulted = undefined;
        throw error;
      })),
    record: coalesced(async (rows: CallRow[]) => {
      await insertCalls(rt.db, rows);
      return rows;
    }),
  };
});

/** The key of the fault that makes Herald's mail provider fail in the sandbox (`services/mail.ts`). */
export const MAIL_FAULT = "mail";

/**
 * Counts a call against the fault armed for `key` (a platform, or `MAIL_FAULT`): once the fault has let its `after`
 * calls through, the call consumes one of its `remaining` and gets its mode; otherwise null. (SET reads the row as it
 * was, so one statement decides.)
 */
export async function takeSandboxFault(rt: Runtime, key: string): Promise<FaultMode | null> {
  if (!(await ledgerOf(rt).faulted()).has(key)) return null;
  const [fault] = await rt.db
    .update(sandboxFaults)
    .set({
      calls: sql`${sandboxFaults.calls} + 1`,
      remaining: sql`CASE WHEN ${sandboxFaults.calls} >= ${sandboxFaults.after} THEN ${sandboxFaults.remaining} - 1 ELSE ${sandboxFaults.remaining} END`,
    })
    .where(and(eq(sandboxFaults.platform, key), gt(sandboxFaults.remaining, 0)))
    .returning({ mode: sandboxFaults.mode, calls: sandboxFaults.calls, after: sandboxFaults.after });
  return fault && fault.calls > fault.after ? (fault.mode as FaultMode) : null;
}

/**
 * A platform for every platform key that talks to no network: it records what it was sent in D1,
 * reports the metrics set through the sandbox API, and fails the way the sandbox API asks it to.
 */
export class SandboxAdapter implements Platform {
  constructor(
    private readonly rt: Runtime,
    private readonly platform: PlatformKey,
  ) {}

  /** As X does: a long post refused for want of a paid tier means the tier Herald holds is stale. */
  get rereadProfileAfter() {
    return this.platform === "twitter" ? [OUTCOME.X_LONG_POST_REFUSED] : [];
  }

  /** A thread's follow-up segment is recorded with the segment it replies to as its parent. */
  async publish(account: PlatformAccount, request: Parameters<Platform["publish"]>[1]): Promise<PublishResult> {
    await this.failIfFaulted();
    if (this.platform === "twitter") await this.refuseLongPostWithoutTier(account, request.text);
    const { replyTo, ...sent } = request;
    const destinationId =
      sent.destinationId ??
      (PLATFORMS[this.platform].defaultsToFirstDestination ? (await this.defaultDestination(account)).id : undefined);
    const payload = { ...sent, ...(destinationId ? { destinationId } : {}) };
    return this.record("publish", account, payload, replyTo?.parent.platformPostId);
  }

  /**
   * As Pinterest does for a Pin that names no board: the account's first board, or, for an account without one, a
   * board made now, named after the account and kept among its destinations (a guarded write: two first posts at
   * once make one board).
   */
  private async defaultDestination(account: PlatformAccount): Promise<Destination> {
    const [row] = await this.rt.db
      .select({ name: accounts.name, destinations: accounts.destinations })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    const [first] = row?.destinations ?? account.destinations;
    if (first) return first;
    const board = { id: newId("board"), label: row?.name ?? `${this.platform} account` };
    const [made] = await this.rt.db
      .update(accounts)
      .set({ destinations: [board] })
      .where(and(eq(accounts.id, account.id), sql`json_array_length(${accounts.destinations}) = 0`))
      .returning({ destinations: accounts.destinations });
    if (made) return board;
    const [again] = await this.rt.db
      .select({ destinations: accounts.destinations })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    return again?.destinations[0] ?? board;
  }

  /** Counts the read (what tests check) and reports the followers set through the sandbox API, if any. */
  async readProfile(account: PlatformAccount): Promise<Profile> {
    await this.failIfFaulted();
    const [audience] = await this.rt.db
      .insert(sandboxFollowers)
      .values({ accountId: account.id, followers: null, reads: 1 })
      .onConflictDoUpdate({ target: sandboxFollowers.accountId, set: { reads: sql`${sandboxFollowers.reads} + 1` } })
      .returning();
    return { subscriptionTier: await this.platformTier(account), ...followersOf(audience?.followers ?? undefined) };
  }

  /** The tier X would report now: the sandbox's own say when set, else what Herald last read. */
  private async platformTier(account: PlatformAccount): Promise<string | null> {
    const [profile] = await this.rt.db.select().from(sandboxProfiles).where(eq(sandboxProfiles.accountId, account.id));
    return profile ? profile.subscriptionTier : account.subscriptionTier;
  }

  /** X refuses a post over 280 characters from an account without a paid tier. */
  private async refuseLongPostWithoutTier(account: PlatformAccount, text: string) {
    const length = [...text.replace(/https?:\/\/\S+/g, "x".repeat(PLATFORMS.twitter.urlLength ?? 23))].length;
    if (length <= PLATFORMS.twitter.textLimit) return;
    const tier = await this.platformTier(account);
    if (!(X_PAID_TIERS as readonly string[]).includes(tier ?? "")) {
      throw new PlatformError(
        "refused",
        "X refused a long post: the account has no paid tier",
        OUTCOME.X_LONG_POST_REFUSED,
      );
    }
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    await this.failIfFaulted();
    return this.record("comment", account, { text }, platformPostId);
  }

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    await this.failIfFaulted();
    return this.record("repost", account, {}, platformPostId);
  }

  async readMetrics(_account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    await this.failIfFaulted();
    const result = new Map<string, Metrics | null>();
    if (platformPostIds.length === 0) return result;
    const [published, metrics] = await Promise.all([
      this.rt.db
        .select({ id: sandboxCalls.platformPostId })
        .from(sandboxCalls)
        .where(inArray(sandboxCalls.platformPostId, platformPostIds)),
      this.rt.db.select().from(sandboxMetrics).where(inArray(sandboxMetrics.platformPostId, platformPostIds)),
    ]);
    const zero = { likes: 0, comments: 0, reposts: 0, views: 0 };
    for (const { id } of published) result.set(id, zero);
    for (const { platformPostId, ...counts } of metrics) result.set(platformPostId, counts);
    for (const id of platformPostIds) if (!result.has(id)) result.set(id, null);
    return result;
  }

  /** Flows' messages: recorded as `private_reply` (under the comment) and `message` calls, with what was sent. */
  readonly messaging: Messaging = {
    privateReply: async (account, commentId, message) => {
      await this.failIfFaulted();
      const { platformPostId } = await this.record("private_reply", account, { ...message }, commentId);
      return { messageId: platformPostId };
    },
    sendMessage: async (account, recipientId, message) => {
      await this.failIfFaulted();
      const { platformPostId } = await this.record("message", account, { recipient_id: recipientId, ...message });
      return { messageId: platformPostId };
    },
  };

  /** The inbox's actions on comments: recorded as `reply` (under the comment), `hide`, `unhide` and `delete_comment`. */
  readonly comments: CommentActions = {
    reply: async (account, commentId, text) => {
      await this.failIfFaulted();
      const { platformPostId } = await this.record("reply", account, { text }, commentId);
      return { messageId: platformPostId };
    },
    hide: async (account, commentId, hidden) => {
      await this.failIfFaulted();
      await this.record(hidden ? "hide" : "unhide", account, {}, commentId);
    },
    delete: async (account, commentId) => {
      await this.failIfFaulted();
      await this.record("delete_comment", account, {}, commentId);
    },
  };

  async listDestinations(account: PlatformAccount) {
    await this.failIfFaulted();
    return account.destinations;
  }

  /** Any name can be posted to (a `reject` fault refuses it); one the account already has keeps its label. */
  async checkDestination(account: PlatformAccount, input: string) {
    await this.failIfFaulted();
    return account.destinations.find((d) => d.id === input || d.label === input) ?? { id: input, label: input };
  }

  /** The templates the sandbox says the account has (`POST /api/v1/sandbox/template-status` sets them). */
  async listMessageTemplates(account: PlatformAccount): Promise<MessageTemplate[]> {
    await this.failIfFaulted();
    const rows = await this.rt.db
      .select()
      .from(sandboxTemplates)
      .where(eq(sandboxTemplates.accountId, account.id))
      .orderBy(sandboxTemplates.name, sandboxTemplates.language);
    return rows.map((r) => ({
      name: r.name,
      language: r.language,
      status: r.status as TemplateStatus,
      reason: r.reason,
      bodyParameters: r.bodyParameters ?? 0,
    }));
  }

  private async record(
    kind: CallRow["kind"],
    account: PlatformAccount,
    payload: Record<string, unknown>,
    parentPlatformPostId?: string,
  ): Promise<PublishResult> {
    const platformPostId = newId(`sbx${this.platform}`);
    await ledgerOf(this.rt).record({
      kind,
      platform: this.platform,
      accountId: account.id,
      platformPostId,
      parentPlatformPostId: parentPlatformPostId ?? null,
      payload,
      createdAt: this.rt.clock.now(),
    });
    return { platformPostId, url: `https://sandbox.herald.local/${this.platform}/${platformPostId}` };
  }

  /** Counts the call against this platform's fault, if any (`takeSandboxFault`), and throws it. */
  async failIfFaulted(): Promise<void> {
    const mode = await takeSandboxFault(this.rt, this.platform);
    if (!mode) return;
    if (mode === "error") throw new PlatformError("transient", `${this.platform} answered 503 (sandbox fault)`);
    if (mode === "rate_limited") {
      const message = `${this.platform} answered 429: its rate limit resets in ${SANDBOX_RATE_LIMIT_RESET_MS / 1000} s (sandbox fault)`;
      throw new PlatformError("rate_limited", message, "PLATFORM_RATE_LIMITED", SANDBOX_RATE_LIMIT_RESET_MS);
    }
    if (mode === "timeout") throw new PlatformError("no_answer", `${this.platform} did not answer (sandbox fault)`);
    if (mode === "revoked") {
      throw new PlatformError(
        "auth_expired",
        `${this.platform} no longer accepts the account's tokens (sandbox fault)`,
      );
    }
    throw new PlatformError("refused", `${this.platform} refused the request (sandbox fault)`, "PLATFORM_REFUSED");
  }
}
