// `authedRoute` and `publicRoute`: a route's OpenAPI declaration, with its scopes and error codes.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ROLES } from "../db/schema/teams";
import type { ApiErrorCode } from "../lib/error-codes";
import { errorResponses } from "../schemas/common";
import type { Scope } from "../services/auth/auth";
import { rolesAllowing } from "../services/roles";
import type { AppEnv } from "./env";
import { idempotent, requireScope } from "./middleware";

/**
 * A route's declaration: its OpenAPI config with the `operationId` SDKs and agent tools name it by (a camelCase
 * verb, unique), the summary and tags the reference shows it by (each tag one of `API_TAGS`), and the catalog codes
 * it can answer besides its shared ones.
 */
type Declared = Omit<RouteConfig, "security" | "middleware" | "operationId" | "summary" | "tags"> & {
  operationId: string;
  summary: string;
  tags: readonly string[];
  errors?: readonly ApiErrorCode[];
};

/** What every authenticated route can answer: bad input, no or a wrong credential, the scope, the rate, a miss. */
const AUTHED_ERRORS: readonly ApiErrorCode[] = [
  "validation_error",
  "unauthorized",
  "invalid_api_key",
  "invalid_token",
  "insufficient_scope",
  "not_found",
  "rate_limited",
  "internal_error",
];

const withErrors = <R extends Declared>({ errors = [], tags, ...config }: R, shared: readonly ApiErrorCode[]) => ({
  ...config,
  tags: [...tags],
  responses: { ...errorResponses([...shared, ...errors]), ...config.responses },
});

/**
 * An authenticated route that needs `scope` (or every one of several): the scopes, and the member roles that allow
 * them (`ROLE_SCOPES`), are enforced by middleware,
 * documented as the OAuth 2 requirement's scopes and in the description, and its error codes listed, from this one
 * declaration. The API key requirement names no scope: OpenAPI scopes belong to OAuth, and a key holds them all.
 */
export const authedRoute = <const R extends Declared>(
  scope: Scope | readonly [Scope, ...Scope[]],
  config: R,
  options: { idempotent?: boolean } = {},
) => {
  const scopes: Scope[] = typeof scope === "string" ? [scope] : [...scope];
  const roles = rolesAllowing(scopes);
  const everyRole = roles.length === ROLES.length;
  return createRoute({
    ...withErrors(config, everyRole ? AUTHED_ERRORS : [...AUTHED_ERRORS, "insufficient_role"]),
    security: [{ ApiKey: [] }, { OAuth2: scopes }] as Array<Record<string, string[]>>,
    middleware: (options.idempotent ? [requireScope(...scopes), idempotent] : [requireScope(...scopes)]) as [
      MiddlewareHandler<AppEnv>,
    ],
    description: [
      config.description,
      `Scope${scopes.length > 1 ? "s" : ""}: ${scopes.map((s) => `\`${s}\``).join(" and ")}.`,
      everyRole ? "Roles: every member." : `Roles: ${roles.join(", ")} (others: 403 \`insufficient_role\`).`,
    ]
      .filter(Boolean)
      .join("\n\n"),
  });
};

/**
 * A route that needs no credential (health, the sandbox's sign-up, OAuth callbacks, public media), said so by its
 * empty `security` requirement.
 */
export const publicRoute = <const R extends Declared>(config: R) =>
  createRoute({ ...withErrors(config, ["internal_error"]), security: [] as Array<Record<string, string[]>> });
