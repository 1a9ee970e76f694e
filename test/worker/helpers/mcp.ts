import { exports } from "cloudflare:workers";
import {
  type CallToolResult,
  Client,
  type ElicitRequestFormParams,
  type ElicitResult,
  StreamableHTTPClientTransport,
  type Tool,
} from "@modelcontextprotocol/client";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/client/validators/cf-worker";
import { expect } from "vitest";
import { api, type Plan } from "./api";
import { ORIGIN } from "./browser";
import { accessTokenFor } from "./oauth-client";

export const MCP_URL = `${ORIGIN}/mcp`;

/** Every scope an agent token can hold. */
export const ALL_TOOL_SCOPES =
  "accounts:read accounts:write posts:read posts:write flows:read flows:write inbox:read inbox:write agent:execute agent:destructive";

/** A sandbox user with its API key and the sign-in an OAuth consent needs. */
export async function agentUser(plan: Plan = "creator") {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan } });
  const data = res.body.data as { user_id: string; email: string; password: string; api_key: string };
  return { userId: data.user_id, key: data.api_key, email: data.email, password: data.password };
}

/** An OAuth access token for the agent tool server, granted `scope` (optionally with read-only consent). */
export const mcpToken = (user: { email: string; password: string }, scope = ALL_TOOL_SCOPES, readOnly = false) =>
  accessTokenFor(user, scope, { resource: MCP_URL, readOnly });

export interface McpCredential {
  key?: string;
  token?: string;
}

export interface McpClientOptions {
  /** Speak the 2026-07-28 revision (per-request envelope); the default is a 2025-era client. */
  modern?: boolean;
  /** Declare elicitation and answer each form with this (implies `modern`). */
  elicit?: (params: ElicitRequestFormParams) => ElicitResult;
}

export const fetchToWorker = (url: string | URL, init?: RequestInit) => exports.default.fetch(new Request(url, init));

/** A raw POST to /mcp with an API key, as a 2025-era client sends one without the SDK: `body` is sent as JSON. */
export const postToMcp = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  fetchToWorker(MCP_URL, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      "x-api-key": key,
      ...headers,
    },
    body: JSON.stringify(body),
  });

export interface McpTestClient {
  client: Client;
  /** `tools/list` as this client read it after connecting. */
  tools: Tool[];
}

/**
 * The MCP SDK's own client over Streamable HTTP, talking to the Worker in this isolate. It lists the tools
 * once, so every later `callTool` is checked by the SDK against the tool's output schema.
 */
export async function mcpClient(credential: McpCredential, options: McpClientOptions = {}): Promise<McpTestClient> {
  const headers: Record<string, string> = {};
  if (credential.key) headers["x-api-key"] = credential.key;
  if (credential.token) headers.authorization = `Bearer ${credential.token}`;
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: fetchToWorker,
    requestInit: { headers },
  });
  const modern = options.modern || options.elicit !== undefined;
  const client = new Client(
    { name: "herald-tests", version: "1.0.0" },
    {
      capabilities: options.elicit ? { elicitation: { form: {} } } : {},
      ...(modern ? { versionNegotiation: { mode: "auto" as const } } : {}),
    },
  );
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler("elicitation/create", async (request) =>
      elicit(request.params as ElicitRequestFormParams),
    );
  }
  await client.connect(transport);
  const { tools } = await client.listTools();
  return { client, tools };
}

const validator = new CfWorkerJsonSchemaValidator();

/**
 * A tool call's answer. A successful one is checked here too: its `structuredContent` against the listed
 * `outputSchema`, and its text content being the same JSON.
 */
export async function call<T = any>(mcp: McpTestClient, name: string, args: Record<string, unknown> = {}) {
  const result = (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;
  const data = result.structuredContent as T;
  const text = result.content.find((c) => c.type === "text");
  expect(text && JSON.parse(text.text)).toEqual(data);
  if (!result.isError) {
    const listed = mcp.tools.find((t) => t.name === name);
    expect(listed?.outputSchema, `${name} is listed with an output schema`).toBeDefined();
    const check = validator.getValidator(listed!.outputSchema!)(data);
    expect(check.errorMessage, `${name}'s answer matches its output schema`).toBeUndefined();
    expect(check.valid).toBe(true);
  }
  return { result, data, isError: result.isError === true };
}

/** A call that must succeed: its structured answer. */
export async function ok<T = any>(mcp: McpTestClient, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, isError } = await call<T>(mcp, name, args);
  if (isError) throw new Error(`${name} refused: ${JSON.stringify(data)}`);
  return data;
}

/** A call that must be refused, as a tool result (never a protocol error): its `{ code, message, … }`. */
export async function refused(mcp: McpTestClient, name: string, args: Record<string, unknown> = {}) {
  const { data, isError } = await call(mcp, name, args);
  if (!isError) throw new Error(`${name} was not refused: ${JSON.stringify(data)}`);
  return data as { code: string; message: string; suggestion?: string; [k: string]: unknown };
}

export const toolNames = (mcp: McpTestClient) => mcp.tools.map((t) => t.name).sort();
