// Authenticating an OAuth access token for the REST API or the tool server, counted in its user's bucket.
import { AppError } from "../lib/errors";
import { type Principal, SCOPES, type Scope, userRateKey } from "../services/auth/auth";
import { userGate } from "../services/key-gate";
import type { RateDecision } from "../services/key-gate/terms";
import type { Runtime } from "../services/runtime";
import { authServer, type ProtectedResource } from "./server";

const invalidToken = () => new AppError("invalid_token", "The access token is not valid, has expired or was revoked");

/**
 * Authenticates an OAuth access token presented to `resource` (the REST API or the agent tool server) and counts
 * the request in its user's hourly bucket: the principal (the workspace and member the grant acts for, the plan, the scopes its grant holds) and the rate
 * decision. A token issued for the other resource is not valid here. The token is checked by the provider library
 * (one KV read); the plan comes from the user's bucket, which remembers it, so the count and the plan are one call.
 */
export async function admitAccessToken(
  rt: Runtime,
  token: string,
  resource: ProtectedResource,
): Promise<{ principal: Principal; decision: RateDecision }> {
  const validated = await authServer(rt)
    .validateToken(resource(rt), token, rt.env)
    .catch(() => null);
  if (!validated) throw invalidToken();
  const admitted = await userGate(rt.env, validated.userId).admitUser(
    validated.userId,
    rt.config.rate_limit_per_hour,
    rt.clock.now(),
  );
  if (!admitted) throw invalidToken();
  const scopes = validated.scope.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  return {
    principal: {
      userId: admitted.holder.workspaceId,
      member: admitted.holder.member,
      plan: admitted.holder.plan,
      scopes,
      rateKey: userRateKey(validated.userId),
      via: "oauth",
    },
    decision: admitted.decision,
  };
}
