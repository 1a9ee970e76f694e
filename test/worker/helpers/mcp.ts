import { exports } from "cloudflare:workers";
import {
  type CallToolResult,
  Client,
  type ElicitRequestFormParams,
  type ElicitResult,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { ORIGIN } from "./browser";

export const MCP_URL = `${ORIGIN}/mcp`;

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

/** The HTTP requests a client made, for tests that look at the wire. */
export const fetchToWorker = (url: string | URL, init?: RequestInit) => exports.default.fetch(new Request(url, init));

/** The MCP SDK's own client, over Streamable HTTP, talking to the Worker in this isolate. */
export async function mcpClient(credential: McpCredential, options: McpClientOptions = {}): Promise<Client> {
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
  return client;
}

/** A tool call's typed answer (the SDK client has checked it against the tool's output schema). */
export async function call<T = any>(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, data: result.structuredContent as T, isError: result.isError === true };
}

/** A call that must succeed: its structured answer. */
export async function ok<T = any>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { result, data, isError } = await call<T>(client, name, args);
  if (isError) throw new Error(`${name} refused: ${JSON.stringify(result.structuredContent)}`);
  return data;
}

/** A call that must be refused: its `{ code, message, … }`. */
export async function refused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const { result, data, isError } = await call(client, name, args);
  if (!isError) throw new Error(`${name} was not refused: ${JSON.stringify(result.structuredContent)}`);
  return data as { code: string; message: string; suggestion?: string; [k: string]: unknown };
}
