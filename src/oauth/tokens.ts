import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { AppError } from "../lib/errors";
import { type Principal, SCOPES, type Scope, userRateKey } from "../services/auth";
import type { Runtime } from "../services/runtime";
import { authServer, type ProtectedResource } from "./server";

const invalidToken = () => new AppError("invalid_token", "The access token is not valid, has expired or was revoked");

/**
 * Resolves an OAuth access token presented to `resource` (the REST API or the agent tool server): its user,
 * plan and the scopes its grant holds. A token issued for the other resource is not valid here.
 */
export async function authenticateAccessToken(
  rt: Runtime,
  token: string,
  resource: ProtectedResource,
): Promise<Principal> {
  const validated = await authServer(rt)
    .validateToken(resource(rt), token, rt.env)
    .catch(() => null);
  if (!validated) throw invalidToken();
  const [user] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, validated.userId));
  if (!user) throw invalidToken();
  const scopes = validated.scope.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  return { userId: validated.userId, plan: user.plan, scopes, rateKey: userRateKey(validated.userId), via: "oauth" };
}
