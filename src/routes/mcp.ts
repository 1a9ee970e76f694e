// The agent tool server's route (`/mcp`): the caller authenticated, then the MCP handler.
import {
  type AuthInfo,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  INVALID_REQUEST,
  originValidationResponse,
  readRequestBody,
} from "@modelcontextprotocol/server";
import type { Context } from "hono";
import { AppError } from "../lib/errors";
import { TOOL_SCOPES } from "../mcp/catalog";
import type { Caller } from "../mcp/define";
import { buildServer } from "../mcp/server";
import { mcpResource } from "../oauth/server";
import type { Runtime } from "../services/runtime";
import { VERSION } from "./api/system";
import type { AppEnv } from "./env";
import { authenticateRequest, failure } from "./middleware";
import { createRouter } from "./router";

export const MCP_PATH = "/mcp";

/** RFC 9728 path-specific metadata: `/.well-known/oauth-protected-resource` + the resource's path. */
const metadataUrl = (rt: Runtime) => getOAuthProtectedResourceMetadataUrl(new URL(mcpResource(rt)));

/**
 * One stateless handler for every request (2026-07-28 requests, and 2025-era ones served statelessly): each
 * request gets a server built for its caller, who was authenticated before the SDK sees the request.
 */
const handler = createMcpHandler(({ authInfo }) => buildServer(authInfo?.extra?.caller as Caller, VERSION));

/** RFC 6750 / RFC 9728: a 401 names the resource metadata, so an MCP client can discover where to sign in. */
function unauthorized(c: Context<AppEnv>, error: AppError) {
  const params = [`resource_metadata="${metadataUrl(c.var.rt)}"`, `scope="${TOOL_SCOPES.join(" ")}"`];
  if (error.code === "invalid_token") params.unshift(`error="invalid_token"`);
  c.header("WWW-Authenticate", `Bearer ${params.join(", ")}`);
  return failure(c, error);
}

/**
 * A POST's body, parsed once here and handed to the SDK (`parsedBody`); undefined when it is not JSON, which the SDK
 * reads and answers itself.
 */
async function parsedPost(request: Request): Promise<unknown> {
  if (request.method !== "POST") return undefined;
  const read = await readRequestBody(request.clone());
  if (read.tooLarge) return undefined;
  try {
    return JSON.parse(read.text);
  } catch {
    return undefined;
  }
}

/**
 * A JSON-RPC batch, refused whole before any of it runs: MCP 2025-06-18 removed batching, and one request must be one
 * call so that each counts once against the caller's hourly limit (the request itself was counted).
 */
const batchRefused = (c: Context<AppEnv>) =>
  c.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: INVALID_REQUEST,
        message: "JSON-RPC batches are not accepted (MCP 2025-06-18 removed them): send one message per request",
      },
    },
    400,
  );

export const mcpRoutes = createRouter()
  .get("/.well-known/oauth-protected-resource/mcp", (c) =>
    c.json({
      resource: mcpResource(c.var.rt),
      authorization_servers: [c.var.rt.config.public_base_url],
      scopes_supported: [...TOOL_SCOPES],
      bearer_methods_supported: ["header"],
      resource_name: "Herald agent tools",
    }),
  )
  .on(["GET", "POST", "DELETE"], MCP_PATH, async (c) => {
    // A page of another site (DNS rebinding, or a tab the person has open) is refused before anything is counted,
    // as MCP's transport asks; clients that send no Origin (every client outside a browser) go on.
    const foreign = originValidationResponse(c.req.raw, [new URL(c.var.rt.config.public_base_url).hostname]);
    if (foreign) return foreign;
    let caller: Caller;
    try {
      caller = { rt: c.var.rt, principal: await authenticateRequest(c, mcpResource) };
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return unauthorized(c, error);
      throw error;
    }
    const authInfo: AuthInfo = {
      token: "",
      clientId: caller.principal.userId,
      scopes: [...caller.principal.scopes],
      extra: { caller },
    };
    const body = await parsedPost(c.req.raw);
    if (Array.isArray(body)) return batchRefused(c);
    const answer = await handler.fetch(c.req.raw, body === undefined ? { authInfo } : { authInfo, parsedBody: body });
    // Through the context, so the RateLimit headers set while authenticating go out with it.
    return c.newResponse(answer.body, answer);
  });
