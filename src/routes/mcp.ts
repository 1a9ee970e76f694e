import { type AuthInfo, createMcpHandler, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/server";
import type { Context } from "hono";
import { AppError } from "../lib/errors";
import { TOOL_SCOPES } from "../mcp/catalog";
import type { Caller } from "../mcp/define";
import { buildServer } from "../mcp/server";
import { mcpResource } from "../oauth/server";
import type { Runtime } from "../services/runtime";
import type { AppEnv } from "./env";
import { authenticateRequest } from "./middleware";
import { createRouter } from "./router";
import { VERSION } from "./system";

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
  return c.json({ success: false, error: { code: error.code, message: error.message } }, 401, {
    "WWW-Authenticate": `Bearer ${params.join(", ")}`,
  });
}

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
    const answer = await handler.fetch(c.req.raw, { authInfo });
    // Through the context, so the RateLimit headers set while authenticating go out with it.
    return c.newResponse(answer.body, answer);
  });
