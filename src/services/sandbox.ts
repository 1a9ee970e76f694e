// The sandbox's services: users, accounts with chosen facts, metrics, faults, the clock and inbound events.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { runBatch } from "../db/batch";
import {
  accounts,
  flowExecutions,
  posts,
  postTargets,
  sandboxCalls,
  sandboxEmails,
  sandboxFaults,
  sandboxFollowers,
  sandboxMetrics,
  sandboxProfiles,
  sandboxTemplates,
  sandboxUsers,
  users,
} from "../db/schema";
import { iso } from "../lib/clock";
import { notFound, validationError } from "../lib/errors";
import { newId, randomToken } from "../lib/ids";
import { currentRequestId } from "../lib/log";
import { mapLimited } from "../lib/map-limited";
import { FLOW_TRIGGERS, PLATFORM_KEYS, PLATFORMS, type PlatformKey } from "../platforms/catalog";
import { INBOX_RULES } from "../platforms/inbox-rules";
import type { FaultMode, MAIL_FAULT } from "../platforms/sandbox";
import type { Metrics } from "../platforms/types";
import type { TemplateEvent } from "../platforms/whatsapp/whatsapp";
import type { AccountFacts, SandboxEventInput, SandboxInboundInput } from "../schemas/sandbox";
import { getOwnedGroup } from "./accounts/account-groups";
import { connectAccount, getOwnedAccount, updateAccountFacts } from "./accounts/accounts";
import { requireRoomForAccounts } from "./accounts/connect";
import { createApiKey } from "./auth/api-keys";
import { eventInsert, eventsWritten } from "./events";
import { contactRunner, queueInbound } from "./flows/run/inbound";
import type { PlanName } from "./plans";
import { nextDueAt, wakeScheduler } from "./posts/dispatch";
import { createRuntime, type Runtime, setClock } from "./runtime";
import { emailTaken, findUserByEmail, type UserRow, updateUser, userInserts, userRow } from "./users";
import { applyTemplateStatus } from "./whatsapp-templates";

/**
 * Creates a user on `plan` with a fresh API key. Asking again for the email of a user the sandbox made
 * signs that user in again: a new password and a new key (the demo seed relies on this to print working
 * keys). Any other existing user (one who signed up) is refused with 409 `email_taken`, untouched. `admin` sets
 * the user's admin flag (features rolled out to admins first); asked again without it, the flag stays as it was.
 */
export async function createSandboxUser(
  rt: Runtime,
  input: { plan: PlanName; email?: string; name?: string; admin?: boolean },
) {
  const { plan, email, name, admin } = input;
  const password = randomToken(16);
  const existing = email ? await findUserByEmail(rt, email) : undefined;
  let user: UserRow;
  if (existing) {
    const [made] = await rt.db.select().from(sandboxUsers).where(eq(sandboxUsers.userId, existing.id));
    if (!made) throw emailTaken();
    user = await updateUser(rt, existing.id, { password, plan, name, admin });
  } else {
    const row = {
      ...(await userRow(rt, {
        email: email ?? `sandbox-${randomToken(10).toLowerCase()}@herald.local`,
        password,
        plan,
        name,
      })),
      admin: admin ?? false,
    };
    // Marked as the sandbox's in the same batch: only when the user row was written.
    const [[created]] = await rt.db.batch([
      ...userInserts(rt, row),
      rt.db.insert(sandboxUsers).select(rt.db.select({ userId: users.id }).from(users).where(eq(users.id, row.id))),
    ]);
    if (!created) throw emailTaken();
    user = created;
  }
  const key = await createApiKey(rt, user.id, "Sandbox key");
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    plan,
    admin: user.admin,
    password,
    api_key: key.key,
    created: !existing,
  };
}

/**
 * A sandbox account with chosen facts. It counts toward the plan's account limit like any connected account
 * (refused beyond it, 403 `feature_disabled`), and a `group_id` must be one of the user's groups.
 */
export async function connectSandboxAccount(rt: Runtime, userId: string, platform: PlatformKey, facts: AccountFacts) {
  if (facts.group_id) await getOwnedGroup(rt, userId, facts.group_id);
  if (facts.status !== "disconnected") await requireRoomForAccounts(rt, userId, 1);
  return connectAccount(rt, userId, platform, {
    ...facts,
    destinations: facts.destinations ?? firstBoard(platform, facts),
  });
}

/** A real Pinterest account usually has a board: a sandbox one is made with one, named after it, unless told otherwise. */
const firstBoard = (platform: PlatformKey, facts: AccountFacts) =>
  PLATFORMS[platform].defaultsToFirstDestination
    ? [{ id: newId("board"), label: facts.name ?? `${platform} account` }]
    : undefined;

/** Changes a sandbox account's facts; a `group_id` must be one of the user's groups. */
export async function updateSandboxAccount(rt: Runtime, userId: string, accountId: string, facts: AccountFacts) {
  if (facts.group_id) await getOwnedGroup(rt, userId, facts.group_id);
  return updateAccountFacts(rt, userId, accountId, facts);
}

/** What the sandbox platform received for the user's accounts, oldest first. */
export async function listSandboxCalls(rt: Runtime, userId: string, accountId?: string) {
  if (accountId) await getOwnedAccount(rt, userId, accountId);
  const rows = await rt.db
    .select({ call: sandboxCalls })
    .from(sandboxCalls)
    .innerJoin(accounts, eq(accounts.id, sandboxCalls.accountId))
    .where(and(eq(accounts.userId, userId), accountId ? eq(accounts.id, accountId) : undefined))
    .orderBy(asc(sandboxCalls.seq));
  return rows.map(({ call: r }) => ({
    kind: r.kind,
    platform: r.platform,
    account_id: r.accountId,
    platform_post_id: r.platformPostId,
    parent_platform_post_id: r.parentPlatformPostId,
    ...r.payload,
    at: iso(r.createdAt),
  }));
}

/** The mail Herald sent in sandbox mode (`services/mail.ts`), oldest first; `to` keeps one address's. */
export async function listSandboxEmails(rt: Runtime, to?: string) {
  const rows = await rt.db
    .select()
    .from(sandboxEmails)
    .where(to ? sql`lower(${sandboxEmails.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(asc(sandboxEmails.seq));
  return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, attachments: r.attachments, at: iso(r.at) }));
}

/** Sets the metrics the platform reports for the user's post as published on one account. */
export async function setSandboxMetrics(
  rt: Runtime,
  userId: string,
  target: { postId: string; accountId: string },
  metrics: Partial<Metrics>,
) {
  const [published] = await rt.db
    .select({ platformPostId: postTargets.platformPostId })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(posts.userId, userId),
        eq(postTargets.postId, target.postId),
        eq(postTargets.accountId, target.accountId),
        isNotNull(postTargets.platformPostId),
      ),
    );
  if (!published?.platformPostId) throw notFound("Published post on that account");
  const platformPostId = published.platformPostId;
  const [current] = await rt.db.select().from(sandboxMetrics).where(eq(sandboxMetrics.platformPostId, platformPostId));
  const next = { likes: 0, comments: 0, reposts: 0, views: 0, ...countsOf(current), ...metrics };
  await rt.db
    .insert(sandboxMetrics)
    .values({ platformPostId, ...next })
    .onConflictDoUpdate({ target: sandboxMetrics.platformPostId, set: next });
  return { post_id: target.postId, account_id: target.accountId, platform_post_id: platformPostId, ...next };
}

const countsOf = (row?: typeof sandboxMetrics.$inferSelect) => {
  if (!row) return {};
  const { platformPostId: _, ...counts } = row;
  return counts;
};

/** The platform's calls fail in `mode`, `count` of them, once `after` calls have gone through. */
export async function setSandboxFault(
  rt: Runtime,
  platform: PlatformKey | typeof MAIL_FAULT,
  mode: FaultMode,
  count: number,
  after = 0,
) {
  const fault = { mode, remaining: count, after, calls: 0 };
  await rt.db
    .insert(sandboxFaults)
    .values({ platform, ...fault })
    .onConflictDoUpdate({ target: sandboxFaults.platform, set: fault });
  return { platform, mode, remaining: count, after };
}

/** Sets what the platform itself reports for the account (its subscription tier), apart from Herald's record. */
export async function setSandboxProfile(rt: Runtime, accountId: string, subscriptionTier: string | null) {
  await rt.db
    .insert(sandboxProfiles)
    .values({ accountId, subscriptionTier })
    .onConflictDoUpdate({ target: sandboxProfiles.accountId, set: { subscriptionTier } });
}

/** Sets the follower count the platform reports for the account (null: none). */
export async function setSandboxFollowers(rt: Runtime, accountId: string, followers: number | null) {
  await rt.db
    .insert(sandboxFollowers)
    .values({ accountId, followers })
    .onConflictDoUpdate({ target: sandboxFollowers.accountId, set: { followers } });
}

/** Moves the service clock and lets the scheduler see the new time, so what became due goes out. */
export async function moveSandboxClock(rt: Runtime, target: number): Promise<number> {
  const now = await setClock(rt, target);
  const moved = await createRuntime(rt.env);
  const next = await nextDueAt(moved);
  if (next !== null) await wakeScheduler(moved, next);
  await wakeWaitingContacts(moved);
  return now;
}

/** Contacts with a flow waiting on a delay run what the moved clock made due (their alarms ring on real time). */
async function wakeWaitingContacts(rt: Runtime) {
  const waiting = await rt.db
    .selectDistinct({ accountId: flowExecutions.accountId, contactId: flowExecutions.contactId })
    .from(flowExecutions)
    .where(eq(flowExecutions.status, "waiting_delay"));
  await mapLimited(waiting, 8, (c) => contactRunner(rt, c.accountId, c.contactId).wake(currentRequestId()));
}

/**
 * The inbound kinds each platform sends: comments where its flows have comment triggers or its inbox takes
 * comments, messages where either takes them, story events on Instagram.
 */
const INBOUND_KINDS_OF = (platform: PlatformKey): string[] => {
  const triggers = FLOW_TRIGGERS[platform] ?? [];
  const inbox = INBOX_RULES[platform];
  return [
    ...(triggers.includes("comment_keyword") || inbox?.comments ? ["comment"] : []),
    ...(triggers.length > 0 || inbox?.messages ? ["message"] : []),
    ...(triggers.includes("story_reply") ? ["story_reply"] : []),
    ...(triggers.includes("story_mention") ? ["story_mention"] : []),
  ];
};

/**
 * A comment or message to one of the user's accounts, as the platform's webhook (or Herald's poll of it) would bring
 * it: queued as the same normalized event, so flows and the inbox run end to end offline. Only accounts of flow or
 * inbox platforms, and kinds that platform sends.
 */
export async function sandboxInbound(rt: Runtime, userId: string, input: SandboxInboundInput) {
  const account = await getOwnedAccount(rt, userId, input.account_id);
  const platform = account.platform as PlatformKey;
  const kinds = INBOUND_KINDS_OF(platform);
  if (kinds.length === 0) {
    const takers = PLATFORM_KEYS.filter((p) => INBOUND_KINDS_OF(p).length > 0);
    throw validationError(
      "account_id",
      `${platform} accounts receive no comments or messages; these do: ${takers.join(", ")}`,
    );
  }
  if (!kinds.includes(input.kind)) {
    throw validationError("kind", `${platform} sends no ${input.kind} events; it sends ${kinds.join(", ")}`);
  }
  const at = rt.clock.now();
  const sender = {
    ...(input.sender_name ? { name: input.sender_name } : {}),
    ...(input.sender_handle ? { handle: input.sender_handle } : {}),
  };
  await queueInbound(rt, [
    {
      accountId: account.id,
      platform,
      kind: input.kind,
      id: input.id,
      senderId: input.sender_id,
      text: input.text,
      mediaId: input.media_id,
      at,
      ...(Object.keys(sender).length ? { sender } : {}),
    },
  ]);
  return {
    account_id: account.id,
    platform,
    kind: input.kind,
    id: input.id,
    sender_id: input.sender_id,
    text: input.text,
    media_id: input.media_id ?? null,
    received_at: iso(at),
  };
}

const EVENTS_PER_BATCH = 100;

/**
 * Writes events to the user's outbox as a feature would (for trying webhooks before that feature exists,
 * and for the benchmark), then wakes delivery. Answers the event ids in order.
 */
export async function emitSandboxEvents(rt: Runtime, userId: string, input: SandboxEventInput) {
  if (input.account_id) await getOwnedAccount(rt, userId, input.account_id);
  const ids: string[] = [];
  for (let written = 0; written < input.count; written += EVENTS_PER_BATCH) {
    const inserts = Array.from({ length: Math.min(EVENTS_PER_BATCH, input.count - written) }, () =>
      eventInsert(rt, userId, input.event, input.data, { accountId: input.account_id }),
    );
    for (const rows of await runBatch(rt.db, inserts)) ids.push(...rows.map((r) => r.id));
  }
  await eventsWritten(rt);
  return ids;
}

/**
 * What Meta does when it reviews a sandbox WhatsApp account's template: the platform's record of it changes (what
 * the template read answers next), and the status change arrives as Meta's webhook would, through the same
 * `applyTemplateStatus` (the stored template changes and `whatsapp.template_status` is sent).
 */
export async function sendSandboxTemplateStatus(
  rt: Runtime,
  userId: string,
  input: {
    account_id: string;
    name: string;
    language: string;
    event: TemplateEvent;
    reason?: string;
    body_parameters?: number;
  },
) {
  const account = await getOwnedAccount(rt, userId, input.account_id);
  if (account.platform !== "whatsapp") throw validationError("account_id", "not a WhatsApp account");
  const { body_parameters: bodyParameters, ...change } = input;
  const reason = input.reason ?? null;
  await rt.db
    .insert(sandboxTemplates)
    .values({
      accountId: account.id,
      name: input.name,
      language: input.language,
      status: input.event,
      reason,
      bodyParameters: bodyParameters ?? 0,
    })
    .onConflictDoUpdate({
      target: [sandboxTemplates.accountId, sandboxTemplates.name, sandboxTemplates.language],
      set: { status: input.event, reason, ...(bodyParameters === undefined ? {} : { bodyParameters }) },
    });
  return applyTemplateStatus(rt, { accountId: account.id, ...change, reason });
}
