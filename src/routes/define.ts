import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { commonErrors } from "../schemas/common";
import type { Scope } from "../services/auth";
import type { AppEnv } from "./env";
import { idempotent, requireScope } from "./middleware";

type AuthedConfig = Omit<RouteConfig, "security" | "middleware">;

/**
 * An authenticated route that needs `scope`: the scope is enforced by middleware and documented in the
 * OpenAPI `security` requirement, from this one declaration.
 */
export const authedRoute = <const R extends AuthedConfig>(
  scope: Scope,
  config: R,
  options: { idempotent?: boolean } = {},
) =>
  createRoute({
    ...config,
    security: [{ ApiKey: [scope] }, { OAuth2: [scope] }] as Array<Record<string, string[]>>,
    middleware: (options.idempotent ? [requireScope(scope), idempotent] : [requireScope(scope)]) as [
      MiddlewareHandler<AppEnv>,
    ],
    responses: { ...commonErrors, ...config.responses },
    description: [config.description, `Scope: \`${scope}\`.`].filter(Boolean).join("\n\n"),
  });
