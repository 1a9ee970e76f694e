// The schemas every route shares: the success and failure envelopes, JSON bodies, a route's error answers.
import { z } from "@hono/zod-openapi";
import { API_ERRORS, type ApiErrorCode } from "../lib/error-codes";

/** The failure envelope; each route's error answers narrow `error.code` to the codes it can answer. */
export const ErrorSchema = z
  .object({
    success: z.literal(false),
    error: z
      .object({
        code: z.string().openapi({ example: "validation_error" }),
        message: z.string(),
        request_id: z.string().openapi({
          description:
            "This request's id, as in the `X-Request-Id` header: quote it when asking about a failure (Herald's log lines carry it)",
          example: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
        }),
      })
      .catchall(z.unknown()),
  })
  .openapi("Error");

/** `{ success: true, data }`: the shape of every successful answer. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const ok = <T extends z.ZodType>(data: T, description: string) => jsonContent(envelope(data), description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

/**
 * The error answers of a route, from the catalog: one response per status, whose `error.code` is one of the
 * codes given for that status and whose description says what each means. Spread into a route's `responses`.
 * Typed as adding no response: handlers never return these (services throw `AppError`), so the handlers'
 * typed answers stay their successes.
 */
export function errorResponses(codes: readonly ApiErrorCode[]): Record<never, never> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = API_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const entries = [...byStatus].map(([status, list]) => {
    const schema = {
      allOf: [
        { $ref: "#/components/schemas/Error" },
        {
          type: "object" as const,
          properties: { error: { type: "object" as const, properties: { code: { enum: list } } } },
        },
      ],
    };
    const description = list.map((code) => `- \`${code}\`: ${API_ERRORS[code].description}`).join("\n");
    return [status, { content: { "application/json": { schema } }, description }] as const;
  });
  return Object.fromEntries(entries.sort(([a], [b]) => a - b));
}

/** A yes/no query parameter: `true` or `1`, `false` or `0`; read as a boolean. */
export const QueryFlag = z.enum(["true", "1", "false", "0"]).transform((flag) => flag === "true" || flag === "1");

/** Ids in one query parameter, comma-separated (`acct_a,acct_b`); read as a list. */
export const IdListQuery = z
  .string()
  .max(5000)
  .openapi({ example: "acct_a,acct_b" })
  .transform((text) =>
    text
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  );

export const Timestamp = z.iso.datetime({ offset: true }).openapi({ example: "2026-11-22T09:30:00.000Z" });

export const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
});

/** The answer to a DELETE: the id of what is gone. */
export const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).openapi("Deleted");
