// Who may use an agent tool now: the scopes, plan and rollouts behind each tool's availability.
import { AppError } from "../lib/errors";
import type { Principal, Scope } from "../services/auth/auth";
import { requireCapability } from "../services/plans";
import { roleRefusal } from "../services/roles";
import { isRolledOut } from "../services/rollouts";
import type { Caller, Tool } from "./define";

/** Every tool needs this scope besides its own. */
export const AGENT_SCOPE: Scope = "agent:execute";

/** 403 `insufficient_role` when the member's role does not allow a scope, else `insufficient_scope` naming every scope the credential lacks, or nothing when it holds them all. */
export function scopeRefusal(principal: Principal, needed: readonly Scope[]): AppError | undefined {
  const beyondRole = roleRefusal(principal, [...new Set(needed)]);
  if (beyondRole) return beyondRole;
  const missing = [...new Set(needed)].filter((s) => !principal.scopes.includes(s));
  if (missing.length === 0) return undefined;
  return new AppError(
    "insufficient_scope",
    `This credential lacks the ${missing.join(", ")} scope${missing.length > 1 ? "s" : ""}`,
    {
      scopes: missing,
      // The REST refusal names one scope; the first is the same here.
      scope: missing[0],
    },
  );
}

/** The refusal a check throws (an `AppError`), or nothing when it passes. */
async function refusalOf(check: () => unknown): Promise<AppError | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * Why this caller may not use the tool now (its scopes, its plan, a rollout that has not reached them), or
 * nothing when they may. The same answer decides `tools/list`, `list_capabilities` and a call's refusal.
 */
export async function unavailability(tool: Tool, caller: Caller): Promise<AppError | undefined> {
  const { rt, principal } = caller;
  const scopes = scopeRefusal(principal, [AGENT_SCOPE, ...tool.scopes]);
  if (scopes) return scopes;
  const plan = tool.plan;
  if (plan) {
    const refusal = await refusalOf(() => requireCapability(principal.plan, plan));
    if (refusal) return refusal;
  }
  if (tool.rollout && !(await isRolledOut(rt, principal.userId, tool.rollout))) {
    return new AppError("not_enabled", `${tool.name} is being rolled out gradually and is not enabled for you yet`);
  }
  return tool.gate ? refusalOf(() => tool.gate?.(caller)) : undefined;
}
