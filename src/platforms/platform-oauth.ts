import type { HttpDeps } from "./http";
import { type PlatformCredentials, PlatformError } from "./types";

/**
 * What the OAuth connections of the LinkedIn and Meta adapters share: the app credentials, the consent
 * page's address, a token endpoint's answer as stored credentials, and what a refused refresh means.
 */

/** The app's id and secret from the deployment (their presence is checked up front through `requiredEnv`). */
export function appCredentials(deps: HttpDeps, idName: string, secretName: string) {
  return { clientId: deps.env?.[idName] ?? "", clientSecret: deps.env?.[secretName] ?? "" };
}

/** The platform's consent page with its query; spaces as `%20`, the form every platform's `scope` reads. */
export function consentUrl(base: string, query: Record<string, string>): string {
  return `${base}?${new URLSearchParams(query).toString().replaceAll("+", "%20")}`;
}

/**
 * A token endpoint's answer (`access_token`, `expires_in` in seconds, `refresh_token`) as the credentials
 * Herald stores. A refresh keeps what the previous credentials held that the answer does not replace.
 */
export function tokensFrom(
  platform: string,
  answer: any,
  now: number,
  previous?: PlatformCredentials,
): PlatformCredentials {
  if (typeof answer?.access_token !== "string" || answer.access_token === "") {
    throw new PlatformError("transient", `${platform} answered the token request without an access token`);
  }
  const seconds = Number(answer.expires_in);
  return {
    ...previous,
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === "string" ? answer.refresh_token : previous?.refreshToken,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : undefined,
  };
}

/**
 * Renews an account's credentials. The platform refusing the refresh (an invalid, expired or revoked
 * grant) means nothing but connecting again will help: `auth_expired`, so the account becomes
 * `reauth_required`. Transient failures and rate limits stay what they are and are tried again later.
 */
export async function renewOrReconnect(
  platform: string,
  renew: () => Promise<PlatformCredentials>,
): Promise<PlatformCredentials> {
  try {
    return await renew();
  } catch (error) {
    if (error instanceof PlatformError && error.failure === "refused") {
      throw new PlatformError("auth_expired", `${platform} refused to renew the tokens: ${error.message}`);
    }
    throw error;
  }
}
