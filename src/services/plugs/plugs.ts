// A post's plugs: listed with the accounts that can carry one, armed, removed and expired.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { accounts, plugs, postTargets } from "../../db/schema";
import { insertUnderLimits, type Limit } from "../../db/under-limit";
import type { OUTCOME } from "../../lib/error-codes";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlatformKey } from "../../platforms/catalog";
import type { PlugCreateInput } from "../../schemas/plugs";
import type { Principal } from "../auth/auth";
import { requireCapability } from "../plans";
import { ownedPost } from "../posts/owned";
import type { Runtime } from "../runtime";
import { type PlugRow, presentPlug } from "./present";
import { isLinkedInCompanyPage, PLUG_SUPPORT, PLUGS_PER_ACCOUNT_ON_POST, WATCHING_PER_USER } from "./rules";

/** Whether an account can carry plugs, and if not, why. */
function supportFor(rt: Runtime, account: typeof accounts.$inferSelect) {
  const platform = account.platform as PlatformKey;
  const support = PLUG_SUPPORT[platform];
  if (!support) return { reason: `Plugs are not available on ${platform}` };
  if (platform === "linkedin") {
    if (!isLinkedInCompanyPage(account.platformUserId)) return { reason: "LinkedIn plugs work on company pages only" };
    if (!rt.config.linkedin_company_pages_approved) {
      return { reason: "LinkedIn company page plugs are not yet approved for this service" };
    }
  }
  return { support };
}

async function postAccounts(rt: Runtime, postId: string) {
  return rt.db
    .select({ target: postTargets, account: accounts })
    .from(postTargets)
    .innerJoin(accounts, eq(accounts.id, postTargets.accountId))
    .where(eq(postTargets.postId, postId));
}

/** A post's plugs, the accounts that can carry one (with their metrics and actions), and the limits in use. */
export async function listPlugs(rt: Runtime, principal: Principal, postId: string) {
  requireCapability(principal.plan, "plugs");
  await ownedPost(rt, principal.userId, postId);
  const [rows, targets, watching] = await Promise.all([
    rt.db.select().from(plugs).where(eq(plugs.postId, postId)).orderBy(plugs.createdAt),
    postAccounts(rt, postId),
    countOf(rt, watchingLimit(principal.userId)),
  ]);
  const perAccount: Record<string, number> = {};
  for (const p of rows) perAccount[p.accountId] = (perAccount[p.accountId] ?? 0) + 1;
  return {
    plugs: rows.map(presentPlug),
    targets: targets.flatMap(({ account }) => {
      const { support } = supportFor(rt, account);
      return support
        ? [
            {
              account_id: account.id,
              platform: account.platform,
              metrics: [...support.metrics],
              actions: [...support.actions],
            },
          ]
        : [];
    }),
    limits: {
      per_account_on_post: { limit: PLUGS_PER_ACCOUNT_ON_POST, used: perAccount },
      watching: { limit: WATCHING_PER_USER, used: watching },
    },
  };
}

const TARGET_CAN_CARRY = ["scheduled", "queued", "publishing", "published"];

/**
 * The post's one account that can carry a plug, for a caller that named none; refused when it has none or
 * several (then the caller must name one).
 */
export async function soleCarrierOf(rt: Runtime, principal: Principal, postId: string): Promise<string> {
  const { targets } = await listPlugs(rt, principal, postId);
  const [only] = targets;
  if (only && targets.length === 1) return only.account_id;
  throw validationError(
    "account_id",
    targets.length === 0
      ? "none of the post's accounts can carry a plug"
      : `name one of the post's accounts that can carry a plug: ${targets.map((t) => t.account_id).join(", ")}`,
  );
}

/**
 * Every check of arming a plug but the limits (the insert checks those): the plug as it would be armed.
 * Refusals: a plan without plugs (403 `feature_disabled`), a draft (400 `post_is_draft`), an account that is
 * not the post's, a platform, metric or action that the platform does not support, a comment without text.
 */
async function preparePlug(
  rt: Runtime,
  principal: Principal,
  postId: string,
  input: PlugCreateInput,
): Promise<PlugRow> {
  requireCapability(principal.plan, "plugs");
  const post = await ownedPost(rt, principal.userId, postId);
  if (post.status === "draft") {
    throw new AppError("post_is_draft", "Plugs can be added to scheduled or live posts, not drafts");
  }
  const row = (await postAccounts(rt, postId)).find((t) => t.account.id === input.account_id);
  if (!row) throw validationError("account_id", "not one of the post's accounts");
  if (!TARGET_CAN_CARRY.includes(row.target.status)) {
    throw new AppError("target_not_live", `The post is ${row.target.status} on this account`);
  }
  const { support, reason } = supportFor(rt, row.account);
  if (!support) throw new AppError("unsupported_platform", reason);
  if (!support.metrics.includes(input.trigger.metric)) {
    throw new AppError("unsupported_metric", `${row.account.platform} plugs watch ${support.metrics.join(", ")}`);
  }
  if (!support.actions.includes(input.action.kind)) {
    throw new AppError("unsupported_action", `${row.account.platform} plugs can ${support.actions.join(" or ")}`);
  }
  const text = input.action.text?.trim();
  if (input.action.kind === "comment" && !text) throw validationError("action.text", "required for a comment");
  if (text && [...text].length > row.account.textLimit) {
    throw validationError("action.text", `longer than the account's ${row.account.textLimit} characters`);
  }

  const now = rt.clock.now();
  const live = row.target.status === "published" ? row.target.publishedAt : null;
  return {
    id: newId("plug"),
    userId: principal.userId,
    postId,
    accountId: row.account.id,
    platform: row.account.platform,
    metric: input.trigger.metric,
    threshold: input.trigger.threshold,
    actionKind: input.action.kind,
    actionText: input.action.kind === "comment" ? (text ?? null) : null,
    state: "armed",
    lastValue: null,
    lastCheckedAt: null,
    firedAt: null,
    error: null,
    note: null,
    // On a live post the window started when it went live; the first check is due now.
    windowStartAt: live,
    nextCheckAt: live === null ? null : now,
    actionPlatformPostId: null,
    createdAt: now,
  };
}

/** The plug `armPlug` would arm, checked the same way, without arming it. */
export const previewPlug = async (rt: Runtime, principal: Principal, postId: string, input: PlugCreateInput) =>
  presentPlug(await preparePlug(rt, principal, postId, input));

/**
 * Arms a plug on one of a post's accounts, after `preparePlug`'s checks. The limits (3 per account on a
 * post, 10 watching per user) are checked in the insert itself so two requests at once cannot both pass.
 */
export async function armPlug(rt: Runtime, principal: Principal, postId: string, input: PlugCreateInput) {
  const plug = await preparePlug(rt, principal, postId, input);
  const limits = [onAccountLimit(postId, plug.accountId), watchingLimit(principal.userId)] as const;
  if (!(await insertUnderLimits(rt.db, plugs, plug, limits))) throw await limitError(rt, ...limits);
  return presentPlug(plug);
}

/** Plugs (in any state) per account on a post. */
const onAccountLimit = (postId: string, accountId: string): Limit => ({
  table: plugs,
  where: and(eq(plugs.postId, postId), eq(plugs.accountId, accountId)),
  max: PLUGS_PER_ACCOUNT_ON_POST,
});

/** Plugs watching (armed) at once per user. */
const watchingLimit = (userId: string): Limit => ({
  table: plugs,
  where: and(eq(plugs.userId, userId), eq(plugs.state, "armed")),
  max: WATCHING_PER_USER,
});

const countOf = async (rt: Runtime, limit: Limit) =>
  (await rt.db.select({ n: sql<number>`count(*)` }).from(plugs).where(limit.where))[0]?.n ?? 0;

/** Which limit kept a plug out. */
async function limitError(rt: Runtime, onAccountCap: Limit, watchingCap: Limit) {
  const [onAccount, watching] = await Promise.all([countOf(rt, onAccountCap), countOf(rt, watchingCap)]);
  if (onAccount >= PLUGS_PER_ACCOUNT_ON_POST) {
    return new AppError("plug_limit", `At most ${PLUGS_PER_ACCOUNT_ON_POST} plugs per account on a post`, {
      limit: "per_account_on_post",
    });
  }
  return new AppError("plug_limit", `At most ${WATCHING_PER_USER} plugs can watch at once`, {
    limit: "watching",
    watching,
  });
}

/** Removes a plug in any state, except while its action runs (409 `firing`). */
export async function removePlug(rt: Runtime, principal: Principal, postId: string, plugId: string) {
  requireCapability(principal.plan, "plugs");
  await ownedPost(rt, principal.userId, postId);
  const [deleted] = await rt.db
    .delete(plugs)
    .where(
      and(
        eq(plugs.id, plugId),
        eq(plugs.postId, postId),
        // Not while the action runs: armed with fired_at set.
        sql`NOT (${plugs.state} = 'armed' AND ${plugs.firedAt} IS NOT NULL)`,
      ),
    )
    .returning({ id: plugs.id });
  if (deleted) return { id: plugId, plug_id: plugId, deleted: true as const };
  const [existing] = await rt.db
    .select()
    .from(plugs)
    .where(and(eq(plugs.id, plugId), eq(plugs.postId, postId)));
  if (!existing) throw notFound("Plug");
  throw new AppError("firing", "The plug's action is running; it cannot be removed now");
}

/**
 * The statement that expires a post's armed plugs (the post was deleted or unscheduled), for the batch that
 * makes that change; `guard` is that batch's condition, so a losing edit expires nothing.
 */
export const expirePlugsOf = (
  rt: Runtime,
  postId: string,
  reason: typeof OUTCOME.POST_DELETED | typeof OUTCOME.POST_UNSCHEDULED,
  guard: SQL,
) =>
  rt.db
    .update(plugs)
    .set({ state: "expired", error: reason, nextCheckAt: null })
    .where(and(eq(plugs.postId, postId), eq(plugs.state, "armed"), isNull(plugs.firedAt), guard));
