// Agent tool inputs in camelCase over the REST schemas, and zod issues as a tool's `validation_error`.
import type { z } from "@hono/zod-openapi";
import { validationFailure } from "../lib/errors";

/** `scheduled_at` → `scheduledAt`: agent tools name their inputs in camelCase, as SPEC.md writes them. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export type CamelShape<S extends z.ZodRawShape> = { [K in keyof S & string as CamelCase<K>]: S[K] };

/**
 * The fields of a REST schema under their camelCase names: the same zod schemas (limits, enums,
 * descriptions), so a tool input checks exactly what the REST body does.
 */
export function camelShape<S extends z.ZodRawShape, K extends keyof S & string = keyof S & string>(
  shape: S,
  pick?: readonly K[],
): CamelShape<Pick<S, K>> {
  const names = pick ?? (Object.keys(shape) as K[]);
  return Object.fromEntries(names.map((name) => [camelCase(name), shape[name]])) as CamelShape<Pick<S, K>>;
}

/** A field path as the caller named it: `platforms.0.account_id` → `platforms.0.accountId`. */
export const camelPath = (path: string) => path.split(".").map(camelCase).join(".");

/**
 * zod issues as a tool's `validation_error`: each unknown key is named as its own field, and an issue about the
 * input as a whole names `arguments` (MCP's word for it), never the REST `body` a tool does not have.
 */
export function toolInputFailure(issues: readonly z.core.$ZodIssue[]) {
  return validationFailure(
    issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({ path: [...issue.path, key], message: "not an input of this tool" }))
        : [issue],
    ),
    "arguments",
  );
}

/**
 * A tool's input rebuilt as its REST body, parsed by the REST schema: its defaults and checks apply as they
 * do to the REST call, and a failure is the same 400 `validation_error`.
 */
export function asRestInput<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw toolInputFailure(parsed.error.issues);
  return parsed.data;
}
