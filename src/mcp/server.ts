// The MCP server for one request and one caller: its tools, their calls and the resources.
import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
} from "@modelcontextprotocol/server";
import { oncePer } from "../lib/memo";
import { callTool } from "./call";
import { TOOLS_BY_NAME, toolsFor } from "./catalog";
import type { Caller, Tool } from "./define";
import { toJsonSchema } from "./json-schema";
import { RESOURCES } from "./resources";

const INSTRUCTIONS =
  "Herald schedules posts to connected social accounts and automates what follows. Start with list_capabilities (the tools this credential may use) and list_accounts. Tools that change something important ask for confirmation: with elicitation the person is asked; otherwise call again with confirm: true after showing them the preview.";

/** How a tool is listed; its JSON Schemas are made once per tool. */
const listed = oncePer((tool: Tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: toJsonSchema(tool.inputSchema, "input"),
  outputSchema: toJsonSchema(tool.outputSchema, "output"),
  annotations: tool.annotations,
}));

/**
 * The MCP server for one request and one caller: the tools they may use, their calls, and the resources. The
 * SDK's low-level `Server` is used rather than `McpServer` because the tool set is per caller and a tool left
 * out must still answer a call with its reason, and because refusals (invalid input included) must be
 * SPEC's `{ code, message }` tool results, not the SDK's own errors.
 */
export function buildServer(caller: Caller, version: string): Server {
  const server = new Server(
    { name: "herald", title: "Herald", version },
    { capabilities: { tools: { listChanged: false }, resources: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler("tools/list", async () => ({
    tools: (await toolsFor(caller)).available.map(listed),
  }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `No tool named ${request.params.name}; list_capabilities lists yours`,
      );
    }
    const result = await callTool(tool, caller, request.params.arguments, ctx);
    return isInputRequiredResult(result) ? result : server.projectCallToolResult(result, listed(tool).outputSchema);
  });
  server.setRequestHandler("resources/list", () => ({
    resources: RESOURCES.map(({ uri, name, title, description }) => ({
      uri,
      name,
      title,
      description,
      mimeType: "application/json",
    })),
  }));
  // `resources` is declared, so its template listing answers too: Herald has no templated resources.
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.setRequestHandler("resources/read", (request) => {
    const resource = RESOURCES.find((r) => r.uri === request.params.uri);
    // -32602 with `data: { uri }`, the spec's resource-not-found.
    if (!resource) throw new ResourceNotFoundError(request.params.uri, `No resource ${request.params.uri}`);
    return {
      contents: [{ uri: resource.uri, mimeType: "application/json", text: JSON.stringify(resource.read()) }],
    };
  });
  return server;
}
