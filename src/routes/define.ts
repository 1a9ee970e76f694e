import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { commonErrors } from "../schemas/common";
import type { Scope } from "../services/auth";
import type { AppEnv } from "./env";
import { idempotent, requireScope } from "./middleware";

type AuthedConfig = Omit<RouteConfig, "security" | "middleware">;

/**
 * An authenticated route that needs `scope` (or every one of several): the scopes are enforced by middleware
 * and documented in the OpenAPI `security` requirement, from this one declaration.
 */
export const authedRoute = <const R extends AuthedConfig>(
  scope: Scope | readonly [Scope, ...Scope[]],
  config: R,
  options: { idempotent?: boolean } = {},
) => {
  const scopes: Scope[] = typeof scope === "string" ? [scope] : [...scope];
  return createRoute({
    ...config,
    security: [{ ApiKey: scopes }, { OAuth2: scopes }] as Array<Record<string, string[]>>,
    middleware: (options.idempotent ? [requireScope(...scopes), idempotent] : [requireScope(...scopes)]) as [
      MiddlewareHandler<AppEnv>,
    ],
    responses: { ...commonErrors, ...config.responses },
    description: [
      config.description,
      `Scope${scopes.length > 1 ? "s" : ""}: ${scopes.map((s) => `\`${s}\``).join(" and ")}.`,
    ]
      .filter(Boolean)
      .join("\n\n"),
  });
};
