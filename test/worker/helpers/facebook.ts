import { hmacSha256Hex } from "../../../src/lib/crypto";
import { type Exchange, json } from "./platform";

/** Facebook's side of a consent in the worker-production project (its app id and secret), scripted. */
export const GRAPH = "https://graph.facebook.com/v26.0";
export const CALLBACK = "https://herald.test/api/v1/connect/facebook/callback";
export const SECRET = "herald-meta-secret";
export const proof = (token: string) => hmacSha256Hex(SECRET, token);

/** Facebook's side of a consent that granted `pages` (id → name): code, long-lived token, then the Pages. */
export async function facebookGrants(pages: Record<string, string>, code = "code-from-facebook"): Promise<Exchange[]> {
  return [
    {
      expect: `GET ${GRAPH}/oauth/access_token?client_id=1001001&redirect_uri=${encodeURIComponent(CALLBACK)}&client_secret=${SECRET}&code=${code}`,
      answer: json(200, { access_token: "fb-user-short", token_type: "bearer", expires_in: 5183 }),
    },
    {
      expect: `GET ${GRAPH}/oauth/access_token?grant_type=fb_exchange_token&client_id=1001001&client_secret=${SECRET}&fb_exchange_token=fb-user-short`,
      answer: json(200, { access_token: "fb-user-long", token_type: "bearer", expires_in: 5183944 }),
    },
    {
      expect: `GET ${GRAPH}/me/accounts?fields=id%2Cname%2Caccess_token%2Ctasks&limit=100&access_token=fb-user-long&appsecret_proof=${await proof("fb-user-long")}`,
      answer: json(200, {
        data: Object.entries(pages).map(([id, name]) => ({
          id,
          name,
          access_token: `fb-page-${id}`,
          tasks: ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"],
        })),
      }),
    },
  ];
}
