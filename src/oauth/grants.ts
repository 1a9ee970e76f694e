// OAuth grants: revoking a token pair, and the apps a user connected, listed and removed.
import { sha256Hex } from "../lib/crypto";
import type { Runtime } from "../services/runtime";
import { authServer } from "./server";

interface StoredGrant {
  clientId: string;
  refreshTokenId?: string;
  previousRefreshTokenId?: string;
}

/**
 * RFC 7009 revocation that revokes the pair: whichever of the access or refresh token is given, its whole
 * grant goes. (The library revokes only the access token itself.) Tokens are `<userId>:<grantId>:<secret>`;
 * the token must be one the grant really issued (by its hash, per the library's storage schema), and when
 * `clientId` is given it must be the grant's client. Anything else is silently a no-op (RFC 7009 §2.2).
 */
export async function revokeTokenPair(rt: Runtime, token: string, clientId?: string): Promise<void> {
  const [userId, grantId, secret] = token.split(":");
  if (!userId || !grantId || !secret) return;
  const tokenId = await sha256Hex(token);
  const kv = rt.env.OAUTH_KV;
  const grant = await kv.get<StoredGrant>(`grant:${userId}:${grantId}`, "json");
  if (!grant || (clientId !== undefined && grant.clientId !== clientId)) return;
  const isRefresh = grant.refreshTokenId === tokenId || grant.previousRefreshTokenId === tokenId;
  const isAccess = !isRefresh && (await kv.get(`token:${userId}:${grantId}:${tokenId}`)) !== null;
  if (isRefresh || isAccess) await authServer(rt).getOAuthApi(rt.env).revokeGrant(grantId, userId);
}

/**
 * The user the provider library files a member's grants under: in the workspace the person founded, their login's id
 * (as before workspaces), in any other, the member's id (`mem_…`). Either way a grant acts in one workspace.
 */
export const grantUserOf = (member: { id: string; personId: string; workspaceId: string }) =>
  member.personId === member.workspaceId ? member.personId : member.id;

export interface ConnectedApp {
  client_id: string;
  name: string;
  scopes: string[];
  grants: number;
}

/** The apps a grant user (`grantUserOf` a member) authorized, one row per client. */
export async function listConnectedApps(rt: Runtime, userId: string): Promise<ConnectedApp[]> {
  const api = authServer(rt).getOAuthApi(rt.env);
  const apps = new Map<string, ConnectedApp>();
  let cursor: string | undefined;
  do {
    const page = await api.listUserGrants(userId, { cursor });
    for (const grant of page.items) {
      const app = apps.get(grant.clientId);
      if (app) {
        app.grants += 1;
        app.scopes = [...new Set([...app.scopes, ...grant.scope])];
        continue;
      }
      const client = await api.lookupClient(grant.clientId);
      apps.set(grant.clientId, {
        client_id: grant.clientId,
        name: client?.clientName ?? grant.clientId,
        scopes: grant.scope,
        grants: 1,
      });
    }
    cursor = page.cursor;
  } while (cursor);
  return [...apps.values()];
}

/**
 * Removing a connected app revokes every grant (and so every token) the grant user gave it; without `clientId`,
 * every grant of theirs (a member removed from the workspace).
 */
export async function removeConnectedApp(rt: Runtime, userId: string, clientId?: string): Promise<number> {
  const api = authServer(rt).getOAuthApi(rt.env);
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await api.listUserGrants(userId, { cursor });
    for (const grant of page.items.filter((g) => clientId === undefined || g.clientId === clientId)) {
      await api.revokeGrant(grant.id, userId);
      removed += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return removed;
}
