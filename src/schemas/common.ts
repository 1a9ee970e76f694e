import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({
    success: z.literal(false),
    error: z
      .object({
        code: z.string().openapi({ example: "validation_error" }),
        message: z.string(),
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

export const errorResponse = (description: string) => jsonContent(ErrorSchema, description);

/** Answers every authenticated route can give; spread into each route's `responses`. */
export const commonErrors = {
  400: errorResponse("Invalid input (`validation_error`, naming the field)"),
  401: errorResponse("Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`)"),
  403: errorResponse("Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`)"),
  404: errorResponse("No such resource for this user (`not_found`)"),
  429: errorResponse("Rate limit exceeded (`rate_limited`); see `Retry-After`"),
  500: errorResponse("Unexpected failure (`internal_error`)"),
} as const;

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
