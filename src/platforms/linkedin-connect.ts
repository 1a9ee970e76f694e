import { mapLimited } from "../lib/map-limited";
import { accessToken, exchange, type HttpDeps, readJson } from "./http";
import { appCredentials, consentUrl, renewOrReconnect, tokensFrom } from "./platform-oauth";
import type { ConnectedAccount, OAuthConnection, PlatformCredentials } from "./types";
import { PlatformError } from "./types";

/** Sign in with OpenID Connect (who the member is) and Share on LinkedIn (post as the member). */
const LINKEDIN_MEMBER_SCOPES = ["openid", "profile", "w_member_social"];
/** Community Management API: post and read as the organizations the member administers, and list them. */
const LINKEDIN_ORGANIZATION_SCOPES = ["w_organization_social", "r_organization_social", "rw_organization_admin"];

const OAUTH = "https://www.linkedin.com/oauth/v2";
const API = "https://api.linkedin.com";

/** Reads a LinkedIn API resource with the member's token (the adapter's request, with its headers and failures). */
type LinkedInRead = (token: string, label: string, url: string) => Promise<any>;

/**
 * LinkedIn's 3-legged OAuth (authorization code with the client secret: LinkedIn keeps PKCE for native
 * apps it enables one by one). One consent brings the member and, when the deployment turns on company
 * pages (`LINKEDIN_COMPANY_PAGES=true`, which needs the Community Management API product), each
 * organization the member administers: separate accounts sharing the member's token.
 */
export function linkedInConnection(
  deps: HttpDeps,
  read: LinkedInRead,
  failure: (label: string, response: Response) => Promise<PlatformError>,
): OAuthConnection {
  const app = () => appCredentials(deps, "LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET");
  const companyPages = () => deps.env?.LINKEDIN_COMPANY_PAGES === "true";

  /** The token endpoint, form-encoded with the client's id and secret. */
  const tokenCall = async (label: string, fields: Record<string, string>, previous?: PlatformCredentials) => {
    const { clientId, clientSecret } = app();
    const response = await exchange(deps, { label, creates: false }, `${OAUTH}/accessToken`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, client_id: clientId, client_secret: clientSecret }).toString(),
    });
    if (!response.ok) throw await failure(label, response);
    return tokensFrom("LinkedIn", await readJson(response), deps.now(), previous);
  };

  const accounts = async (credentials: PlatformCredentials): Promise<ConnectedAccount[]> => {
    const token = accessToken("LinkedIn", credentials);
    const me = await read(token, "LinkedIn userinfo", `${API}/v2/userinfo`);
    if (!me?.sub) throw new PlatformError("transient", "LinkedIn's userinfo answer named no member (sub)");
    const member = { platformUserId: `urn:li:person:${me.sub}`, name: me.name ?? me.sub, subscriptionTier: null };
    if (!companyPages()) return [{ identity: member, credentials }];
    const organizations = await administered(token);
    const named = await mapLimited(organizations, 4, async (urn) => {
      const id = urn.slice(urn.lastIndexOf(":") + 1);
      const organization = await read(token, "LinkedIn organization", `${API}/rest/organizations/${id}`);
      return { platformUserId: urn, name: organization?.localizedName ?? urn, subscriptionTier: null };
    });
    return [member, ...named].map((identity) => ({ identity, credentials }));
  };

  /** The organizations whose pages the member administers (an approved ADMINISTRATOR role). */
  const administered = async (token: string): Promise<string[]> => {
    const acls = await read(
      token,
      "LinkedIn organization roles",
      `${API}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
    );
    const urns = (acls?.elements ?? []).map((e: { organization?: string }) => e.organization);
    return [
      ...new Set<string>(urns.filter((u: unknown) => typeof u === "string" && u.startsWith("urn:li:organization:"))),
    ];
  };

  return {
    kind: "oauth",
    requiredEnv: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"],
    authorizationUrl: ({ state, redirectUri }) =>
      consentUrl(`${OAUTH}/authorization`, {
        response_type: "code",
        client_id: app().clientId,
        redirect_uri: redirectUri,
        state,
        scope: [...LINKEDIN_MEMBER_SCOPES, ...(companyPages() ? LINKEDIN_ORGANIZATION_SCOPES : [])].join(" "),
      }),
    exchangeCode: ({ code, redirectUri }) =>
      tokenCall("LinkedIn code exchange", { grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    accounts,
    /** LinkedIn gives refresh tokens only to the apps it approves for them; without one, the member connects again. */
    refresh: (credentials) =>
      renewOrReconnect("LinkedIn", async () => {
        if (!credentials.refreshToken) {
          throw new PlatformError("auth_expired", "LinkedIn gave no refresh token; connect the account again");
        }
        return tokenCall(
          "LinkedIn token refresh",
          { grant_type: "refresh_token", refresh_token: credentials.refreshToken },
          credentials,
        );
      }),
  };
}
