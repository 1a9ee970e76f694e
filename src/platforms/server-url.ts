// The server a user names for a self-hosted platform, through the SSRF guard at connect and every call.
import { assertPublicUrl } from "../lib/ssrf";
import { type PlatformCredentials, PlatformError } from "./types";

/**
 * The server a user names for a self-hosted platform (a Lemmy instance, a WordPress site, a Listmonk
 * install) passes Herald's SSRF guard twice: when the account connects, before anything is sent there, and
 * again before every later call with the stored URL, so a row that no longer passes is never called.
 */

/**
 * The URL the user typed at connect, as the base Herald keeps: its origin, or with `keepPath` also its path (a
 * WordPress site may live under `/blog`), never a query, fragment or trailing slash. A host that is not public
 * is 400 `validation_error` naming `field`, and nothing is sent.
 */
export function serverBase(deps: { sandbox?: boolean }, raw: string, field: string, keepPath = false): string {
  // The guard also refuses a user name or password in the URL.
  const url = assertPublicUrl(raw, { sandbox: deps.sandbox ?? false, field });
  return keepPath ? `${url.origin}${url.pathname.replace(/\/+$/, "")}` : url.origin;
}

/**
 * The stored server of an account, checked again before it is called: one that no longer passes the guard
 * is refused (`SERVER_NOT_PUBLIC`) without any request; a missing one means the account must be connected again.
 */
export function storedServer(
  deps: { sandbox?: boolean },
  account: { platform: string; credentials?: PlatformCredentials },
  key: string,
): string {
  const raw = account.credentials?.[key];
  if (typeof raw !== "string" || raw === "") {
    throw new PlatformError("auth_expired", `${account.platform}: the account has no stored ${key}; connect it again`);
  }
  try {
    return serverBase(deps, raw, key, true);
  } catch {
    throw new PlatformError(
      "refused",
      `${account.platform}: the stored server ${raw} is not a public https URL; Herald will not call it`,
      "SERVER_NOT_PUBLIC",
    );
  }
}
