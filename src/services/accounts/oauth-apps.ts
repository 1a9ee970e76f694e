// Herald's OAuth apps on federated servers (Mastodon instances): registered once per server, then reused.
import { and, eq } from "drizzle-orm";
import { oauthApps } from "../../db/schema";
import { validationError } from "../../lib/errors";
import { assertPublicUrl } from "../../lib/ssrf";
import type { PlatformKey } from "../../platforms/catalog";
import type { OAuthApp, OAuthConnection } from "../../platforms/types";
import type { Runtime } from "../runtime";
import { openSecret, sealSecret } from "../secrets";

/** Herald's OAuth apps on the servers of federated platforms (Mastodon instances): one per platform and server. */

const PURPOSE = "herald/oauth-app/v1";
const boundTo = (platform: PlatformKey, serverUrl: string) => `${platform} ${serverUrl}`;

/**
 * The server a user named, as an origin. It must pass the SSRF guard (public https; loopback in sandbox mode),
 * since Herald will call it: else 400 naming `field`.
 */
export function serverOrigin(rt: Runtime, field: string, raw: unknown): string {
  if (typeof raw !== "string" || raw === "") throw validationError(field, "Required");
  return assertPublicUrl(raw, { sandbox: rt.sandbox, field }).origin;
}

const whereApp = (platform: PlatformKey, serverUrl: string) =>
  and(eq(oauthApps.platform, platform), eq(oauthApps.serverUrl, serverUrl));

/** The app Herald registered on the server, with the callback it was registered for. */
export async function storedApp(
  rt: Runtime,
  platform: PlatformKey,
  serverUrl: string,
): Promise<{ app: OAuthApp; redirectUri: string } | undefined> {
  const [row] = await rt.db.select().from(oauthApps).where(whereApp(platform, serverUrl));
  if (!row) return undefined;
  const clientSecret = await openSecret(rt, PURPOSE, boundTo(platform, serverUrl), row.sealedSecret);
  return { app: { serverUrl, clientId: row.clientId, clientSecret }, redirectUri: row.redirectUri };
}

/**
 * Herald's app on the server: the one kept from an earlier connection, or one registered now and kept (its
 * secret encrypted). A deployment whose callback moved registers again, since the instance only redirects to the
 * URIs an app was registered with.
 */
export async function appOnServer(
  rt: Runtime,
  platform: PlatformKey,
  perServer: NonNullable<OAuthConnection["perServer"]>,
  serverUrl: string,
  redirectUri: string,
): Promise<OAuthApp> {
  const stored = await storedApp(rt, platform, serverUrl);
  if (stored?.redirectUri === redirectUri) return stored.app;
  const app = await perServer.registerApp({ serverUrl, redirectUri, website: rt.config.public_base_url });
  const row = {
    platform,
    serverUrl,
    clientId: app.clientId,
    sealedSecret: await sealSecret(rt, PURPOSE, boundTo(platform, serverUrl), app.clientSecret),
    redirectUri,
    createdAt: rt.clock.now(),
  };
  if (stored) {
    await rt.db.update(oauthApps).set(row).where(whereApp(platform, serverUrl));
    return app;
  }
  await rt.db.insert(oauthApps).values(row).onConflictDoNothing();
  // Two first connections at once each registered an app: everyone uses the one stored first.
  return (await storedApp(rt, platform, serverUrl))?.app ?? app;
}
