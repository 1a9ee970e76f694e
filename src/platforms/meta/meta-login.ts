// Meta's logins: calls to their token endpoints, and who an Instagram or Threads token speaks for.
import { accessToken, exchange, type HttpDeps, readJson } from "../http";
import type { TokenCall } from "../platform-oauth";
import { type ConnectedIdentity, type PlatformCredentials, PlatformError } from "../types";
import { GraphClient, graphFailure } from "./meta-graph";

/**
 * Meta's logins (Facebook, Instagram, Threads): calls to their token endpoints, made as the app, with Meta's
 * refusals read as Graph's; and who an Instagram Login or Threads token speaks for. Their ladder of short-lived →
 * long-lived → renewed tokens is declared in OAUTH_CONNECTIONS.
 */

/**
 * One call to a Meta token endpoint: the parameters in the query (GET) or a form body (POST), as each
 * endpoint documents them. Answers the token object; Meta's refusals become Herald's failures.
 */
export async function metaTokenCall(
  deps: HttpDeps,
  label: string,
  method: "GET" | "POST",
  url: string,
  params: Record<string, string>,
): Promise<any> {
  const call = { label, creates: false };
  const query = new URLSearchParams(params);
  const response =
    method === "GET"
      ? await exchange(deps, call, `${url}?${query}`, { method })
      : await exchange(deps, call, url, {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: query.toString(),
        });
  const body = await readJson(response);
  // Instagram's guide shows the code exchange's token inside `data`; the other endpoints answer it bare.
  const token = Array.isArray(body?.data) ? body.data[0] : body;
  if (response.ok && typeof token?.access_token === "string") return token;
  // api.instagram.com words its refusals `{ error_type, error_message }` instead of Graph's `error` object.
  const error =
    body?.error ?? (body?.error_message ? { message: body.error_message, type: body.error_type } : undefined);
  throw graphFailure(call, response, error, deps.now());
}

/** Meta's token endpoints as a declared connection's token call (see `metaTokenCall`). */
export const metaTokenEndpoint =
  (deps: HttpDeps): TokenCall =>
  ({ label, method, url, params }) =>
    metaTokenCall(deps, label, method, url, params);

/**
 * Who a user token of Instagram Login or Threads speaks for: `/me` at `profile.base`, whose `profile.idField` is
 * the account's id.
 */
export async function graphProfile(
  deps: HttpDeps,
  platform: string,
  profile: { base: string; idField: "id" | "user_id" },
  credentials: PlatformCredentials,
): Promise<ConnectedIdentity> {
  const graph = new GraphClient(deps, { base: profile.base, token: accessToken(platform, credentials), platform });
  const me = await graph.get("me", { fields: `${profile.idField},username,name` }, "profile");
  const id = me[profile.idField];
  if (!id) throw new PlatformError("transient", `${platform}'s profile answer named no ${profile.idField}`);
  return { platformUserId: String(id), name: me.name || me.username, subscriptionTier: null };
}
