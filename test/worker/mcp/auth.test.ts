import {
  Client,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { Browser, hiddenField, ORIGIN } from "../helpers/browser";
import { agentUser, fetchToWorker, MCP_URL, mcpClient, mcpToken, ok } from "../helpers/mcp";
import { accessTokenFor, REDIRECT } from "../helpers/oauth-client";

const METADATA_URL = `${ORIGIN}/.well-known/oauth-protected-resource/mcp`;
const AGENT_SCOPES =
  "agent:execute accounts:read posts:read posts:write accounts:write flows:write flows:read inbox:read inbox:write agent:destructive";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** A raw MCP request, as a client sends its first one. */
const post = (headers: Record<string, string> = {}) =>
  fetchToWorker(MCP_URL, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(initialize),
  });

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;

beforeAll(async () => {
  user = await agentUser("creator");
  await connect(user.key, "bluesky");
});

describe("authentication at /mcp", () => {
  it("without a credential: 401 naming the resource metadata and the scopes, which MCP discovery reads", async () => {
    const res = await post();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${METADATA_URL}", scope="${AGENT_SCOPES}"`,
    );
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");

    const metadata = await fetchToWorker(METADATA_URL);
    expect(await metadata.json()).toEqual({
      resource: MCP_URL,
      authorization_servers: [ORIGIN],
      scopes_supported: AGENT_SCOPES.split(" "),
      bearer_methods_supported: ["header"],
      resource_name: "Herald agent tools",
    });
    // The REST API's own document is unchanged.
    const rest = await api("GET", "/.well-known/oauth-protected-resource");
    expect(rest.body.resource).toBe(`${ORIGIN}/api/v1`);
  });

  it("keeps no sessions: GET and DELETE, the 2025 session operations, are 405", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetchToWorker(MCP_URL, {
        method,
        headers: { "x-api-key": user.key, accept: "text/event-stream" },
      });
      expect([method, res.status]).toEqual([method, 405]);
    }
  });

  it("an unknown API key is a 401 with the same challenge", async () => {
    const res = await post({ "x-api-key": "sk_not_a_key" });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    expect(res.headers.get("www-authenticate")).toContain(`resource_metadata="${METADATA_URL}"`);
  });

  it("a revoked token gets 401 invalid_token on its next use", async () => {
    const token = await mcpToken(user);
    const mcp = await mcpClient({ token });
    expect((await ok(mcp, "list_accounts")).accounts).toHaveLength(1);

    const revoked = await fetchToWorker(`${ORIGIN}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoked.status).toBe(200);

    const res = await post({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_token");
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", resource_metadata="${METADATA_URL}", scope="${AGENT_SCOPES}"`,
    );
    await expect(mcp.client.callTool({ name: "list_accounts", arguments: {} })).rejects.toThrow(/invalid_token/);
  });

  it("a token is valid only for the resource it was issued for", async () => {
    const restToken = await accessTokenFor(user, "accounts:read agent:execute");
    const atMcp = await post({ authorization: `Bearer ${restToken}` });
    expect(atMcp.status).toBe(401);
    expect(((await atMcp.json()) as { error: { code: string } }).error.code).toBe("invalid_token");

    const mcpOnly = await mcpToken(user, "accounts:read agent:execute");
    const atRest = await api("GET", "/api/v1/connected-accounts", { headers: { authorization: `Bearer ${mcpOnly}` } });
    expect([atRest.status, atRest.body.error.code]).toEqual([401, "invalid_token"]);
    expect((await post({ authorization: `Bearer ${mcpOnly}` })).status).toBe(200);
  });

  it("counts against the caller's hourly rate like REST: RateLimit headers, then 429", async () => {
    const other = await agentUser("creator");
    const first = await post({ "x-api-key": other.key });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("1000");
    const remaining = Number(first.headers.get("ratelimit-remaining"));

    await api("PATCH", "/api/v1/sandbox/config", { key: other.key, body: { rate_limit_per_hour: 1000 - remaining } });
    try {
      const limited = await post({ "x-api-key": other.key });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).not.toBeNull();
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    } finally {
      // A new key has made no request yet, so it is still within the lowered limit.
      const fresh = await agentUser("creator");
      await api("PATCH", "/api/v1/sandbox/config", { key: fresh.key, body: { rate_limit_per_hour: 1000 } });
    }
  });
});

/** The MCP SDK's OAuth client side, kept in memory; the person's part is done by `consentAs`. */
class MemoryOAuthProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    redirect_uris: [REDIRECT],
    client_name: "An MCP client",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => {
    this.info = info;
  };
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => {
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.authorizationUrl = url;
  };
  saveCodeVerifier = (verifier: string) => {
    this.verifier = verifier;
  };
  codeVerifier = () => this.verifier;
  discovery?: OAuthDiscoveryState;
  saveDiscoveryState = (state: OAuthDiscoveryState) => {
    this.discovery = state;
  };
  discoveryState = () => this.discovery;
}

async function consentAs(person: User, authorizationUrl: URL) {
  const browser = new Browser();
  await browser.signIn(person.email, person.password);
  const page = await browser.fetch(authorizationUrl.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const answer = await browser.post("/api/oauth/authorize", {
    handle: hiddenField(html, "handle"),
    csrf: hiddenField(html, "csrf"),
    decision: "approve",
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location")!);
}

describe("an MCP client signs in by discovery alone", () => {
  it("follows the 401 to the metadata, registers, asks the person, and then calls tools", async () => {
    const provider = new MemoryOAuthProvider();
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: fetchToWorker, authProvider: provider });
    const first = new Client({ name: "discovering-client", version: "1.0.0" });
    const firstTransport = transport();
    await expect(first.connect(firstTransport)).rejects.toThrow(UnauthorizedError);

    const asked = provider.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${ORIGIN}/api/oauth/authorize`);
    expect(asked.searchParams.get("resource")).toBe(MCP_URL);
    expect(asked.searchParams.get("scope")).toBe(AGENT_SCOPES);

    const callback = await consentAs(user, asked);
    await firstTransport.finishAuth(callback.searchParams);
    expect(provider.saved?.scope?.split(" ").sort()).toEqual(AGENT_SCOPES.split(" ").sort());

    const client = new Client({ name: "discovering-client", version: "1.0.0" });
    await client.connect(transport());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("create_scheduled_post");
    const result = await client.callTool({ name: "list_accounts", arguments: {} });
    expect((result.structuredContent as { accounts: unknown[] }).accounts).toHaveLength(1);
  });
});
