// AI credits: what each AI feature costs, a user's month against the plan's allowance, charges given back.
import { and, eq, or, sql } from "drizzle-orm";
import { aiCreditUses, users } from "../../db/schema";
import { monthOf, startOfDay } from "../../lib/clock";
import { featureDisabled } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";

/** What each AI feature costs in credits (SPEC: Limits). Template messages and read-only tools cost nothing. */
export const AI_CREDIT_COSTS = { generate_flow: 15, ai_reply: 5 } as const;
export type AiCreditFeature = keyof typeof AI_CREDIT_COSTS;

export interface AiCreditUsage {
  /** The UTC month (YYYY-MM) the allowance is for. */
  month: string;
  used: number;
  allowance: number;
}

/** Thrown when a subject's daily budget of a feature (an owner's cap, within the month's credits) is spent. */
export class AiBudgetReached extends Error {}

/** A charge that was taken and can be given back if the work it paid for fails. */
export interface AiCreditCharge {
  id: string;
  credits: number;
}

const usedIn = (userId: string, month: string) =>
  sql<number>`(SELECT coalesce(sum(${aiCreditUses.credits}), 0) FROM ${aiCreditUses} WHERE ${aiCreditUses.userId} = ${userId} AND ${aiCreditUses.month} = ${month})`;

/** The user's AI credits spent this month (UTC) against the plan's allowance. */
export async function aiCreditUsage(rt: Runtime, userId: string): Promise<AiCreditUsage> {
  const month = monthOf(rt.clock.now());
  const [row] = await rt.db
    .select({ plan: users.plan, used: usedIn(userId, month) })
    .from(users)
    .where(eq(users.id, userId));
  return { month, used: row?.used ?? 0, allowance: planOf(row?.plan ?? "").aiCreditsPerMonth };
}

/** The subject's charges for `feature` since `since` (the start of its UTC day). */
const subjectUsesSince = (userId: string, month: string, feature: string, subjectId: string, since: number) =>
  sql<number>`(SELECT count(*) FROM ${aiCreditUses} WHERE ${aiCreditUses.userId} = ${userId} AND ${aiCreditUses.month} = ${month} AND ${aiCreditUses.feature} = ${feature} AND ${aiCreditUses.subjectId} = ${subjectId} AND ${aiCreditUses.createdAt} >= ${since})`;

/**
 * Takes `feature`'s credits before the work is done. The charge and a "take it back if the month is now over
 * the allowance (or the subject past `perDay` charges this UTC day)" go in one atomic batch, so concurrent takes
 * cannot both slip under either. Out of credits: 403 `feature_disabled` naming what is left; past the daily budget:
 * `AiBudgetReached`; nothing is charged either way.
 */
export async function takeAiCredits(
  rt: Runtime,
  userId: string,
  feature: AiCreditFeature,
  subjectId: string | null,
  budget: { perDay?: number | null } = {},
): Promise<AiCreditCharge> {
  const credits = AI_CREDIT_COSTS[feature];
  const before = await aiCreditUsage(rt, userId);
  const refuse = (used: number) =>
    featureDisabled(
      `Out of AI credits: ${feature} costs ${credits} and ${Math.max(0, before.allowance - used)} of the plan's ${before.allowance} for ${before.month} (UTC) are left. They renew on the 1st; a larger plan has more.`,
    );
  if (before.used + credits > before.allowance) throw refuse(before.used);
  const id = newId("aic");
  const now = rt.clock.now();
  const perDay = subjectId !== null && budget.perDay != null ? budget.perDay : null;
  const overMonth = sql`${usedIn(userId, before.month)} > ${before.allowance}`;
  const overDay =
    perDay === null
      ? undefined
      : sql`${subjectUsesSince(userId, before.month, feature, subjectId!, startOfDay(now))} > ${perDay}`;
  const [, over] = await rt.db.batch([
    rt.db.insert(aiCreditUses).values({ id, userId, month: before.month, credits, feature, subjectId, createdAt: now }),
    rt.db
      .delete(aiCreditUses)
      .where(and(eq(aiCreditUses.id, id), overDay ? or(overMonth, overDay) : overMonth))
      .returning({ id: aiCreditUses.id }),
  ]);
  if (over.length === 0) return { id, credits };
  const after = await aiCreditUsage(rt, userId);
  if (after.used + credits > after.allowance) throw refuse(after.used);
  throw new AiBudgetReached(`${feature}: the daily budget of ${perDay} is spent`);
}

/** Gives a charge back: the work it paid for failed, so it costs nothing. */
export async function giveBackAiCredits(rt: Runtime, charge: AiCreditCharge): Promise<void> {
  await rt.db.delete(aiCreditUses).where(eq(aiCreditUses.id, charge.id));
}
