import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { commonErrors } from "../schemas/common";
import type { Scope } from "../services/auth";
import { requireScope } from "./middleware";

type AuthedConfig = Omit<RouteConfig, "security" | "middleware">;

/**
 * An authenticated route that needs `scope`: the scope is enforced by middleware and documented in the
 * OpenAPI `security` requirement, from this one declaration.
 */
export const authedRoute = <const R extends AuthedConfig>(scope: Scope, config: R) =>
  createRoute({
    ...config,
    security: [{ ApiKey: [scope] }] as Array<Record<string, string[]>>,
    middleware: [requireScope(scope)] as const,
    responses: { ...commonErrors, ...config.responses },
    description: [config.description, `Scope: \`${scope}\`.`].filter(Boolean).join("\n\n"),
  });
