// Gradual rollouts: whether a feature flag is on for a user, from the config's percentage.
import { sha256Hex } from "../lib/crypto";
import type { Runtime } from "./runtime";

/**
 * Whether a gradually rolled-out feature is on for this user. The config's `rollouts` gives each flag the
 * percentage of users who have it; a user's place in line is a stable hash of flag and user id, so raising
 * the percentage only ever adds users, and each flag picks its own first users.
 */
export async function isRolledOut(rt: Runtime, userId: string, flag: string): Promise<boolean> {
  const percent = rt.config.rollouts[flag] ?? 0;
  if (percent >= 100) return true;
  if (percent <= 0) return false;
  const place = Number.parseInt((await sha256Hex(`${flag}:${userId}`)).slice(0, 8), 16) % 100;
  return place < percent;
}
