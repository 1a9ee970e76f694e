// LinkedIn's connection: the member and, when turned on, the company pages they administer.
import { mapLimited } from "../../lib/map-limited";
import { accessToken, exchange, type HttpDeps, readJson } from "../http";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import type { ConnectedAccount, OAuthConnection, PlatformCredentials } from "../types";
import { PlatformError } from "../types";

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
  const companyPages = () => deps.env?.[OAUTH_CONNECTIONS.linkedin.optionalScopes.setting] === "true";

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

  return declaredConnection(deps, OAUTH_CONNECTIONS.linkedin, {
    accounts,
    // LinkedIn's refusals are worded as its API's are (see the adapter's failure).
    tokenCall: async ({ label, url, params }) => {
      const response = await exchange(deps, { label, creates: false }, url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params).toString(),
      });
      if (!response.ok) throw await failure(label, response);
      return readJson(response);
    },
  });
}
