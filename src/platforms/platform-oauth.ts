import { answerMessage, failureOf, type HttpCall, type HttpDeps, send, waitFromRetryAfter } from "./http";
import { type PlatformCredentials, PlatformError } from "./types";

/**
 * What the platforms' OAuth connections share: the app credentials, the consent page's address, a token
 * endpoint's answer as stored credentials, and what a refused refresh means.
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

/**
 * Renews with the stored refresh token (see `renewOrReconnect`); credentials without one can only be
 * replaced by connecting again.
 */
export function refreshOrReconnect(
  platform: string,
  credentials: PlatformCredentials,
  renew: (refreshToken: string) => Promise<PlatformCredentials>,
): Promise<PlatformCredentials> {
  return renewOrReconnect(platform, async () => {
    if (typeof credentials.refreshToken !== "string" || credentials.refreshToken === "") {
      throw new PlatformError("auth_expired", `${platform} gave no refresh token; connect the account again`);
    }
    return renew(credentials.refreshToken);
  });
}

/**
 * One form-encoded request to a platform's OAuth token endpoint (code exchange or refresh), answered as
 * the credentials Herald stores. A refusal keeps the platform's own message; a refusal answered with 200
 * and an `error` in the body (as TikTok's endpoint may) is a refusal too.
 */
export async function tokenRequest(
  deps: HttpDeps,
  platform: string,
  request: { url: string; form: Record<string, string>; headers?: Record<string, string> },
  previous?: PlatformCredentials,
): Promise<PlatformCredentials> {
  const call: HttpCall = {
    method: "POST",
    url: request.url,
    urlencoded: request.form,
    headers: request.headers,
    safe: true,
  };
  const answer = await send(deps, call);
  const refusedInBody = answer.ok && typeof answer.data?.error === "string" && !answer.data?.access_token;
  if (!answer.ok || refusedInBody) {
    throw failureOf(platform, call, refusedInBody ? { ...answer, status: 400 } : answer, {
      message: answerMessage(answer.data),
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), deps.now()),
    });
  }
  return tokensFrom(platform, answer.data, deps.now(), previous);
}

/** How a platform's token endpoint knows the app: its id and secret as form fields of these names, or HTTP Basic. */
export type AppAuth = { form: [idField: string, secretField: string] } | "basic";

/**
 * A platform's OAuth app as configured on the deployment (`idName`, `secretName`): its id, the fields that
 * name it, and the token endpoint's code exchange and refresh made as it.
 */
export function oauthApp(
  deps: HttpDeps,
  spec: { platform: string; idName: string; secretName: string; tokenUrl: string; auth: AppAuth },
) {
  const credentials = () => appCredentials(deps, spec.idName, spec.secretName);
  const fields = (): Record<string, string> => {
    if (spec.auth === "basic") return {};
    const { clientId, clientSecret } = credentials();
    return { [spec.auth.form[0]]: clientId, [spec.auth.form[1]]: clientSecret };
  };
  const token = (form: Record<string, string>, previous?: PlatformCredentials) => {
    const { clientId, clientSecret } = credentials();
    const headers: Record<string, string> =
      spec.auth === "basic" ? { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` } : {};
    return tokenRequest(deps, spec.platform, { url: spec.tokenUrl, form: { ...fields(), ...form }, headers }, previous);
  };
  return {
    /** What the deployment must set before anyone can connect. */
    requiredEnv: [spec.idName, spec.secretName] as const,
    clientId: () => credentials().clientId,
    /** The id and secret as the token endpoint's form fields (empty with HTTP Basic). */
    fields,
    token,
    refresh: (previous: PlatformCredentials) =>
      refreshOrReconnect(spec.platform, previous, (refreshToken) =>
        token({ grant_type: "refresh_token", refresh_token: refreshToken }, previous),
      ),
  };
}
