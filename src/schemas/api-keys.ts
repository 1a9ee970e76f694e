// Zod schemas of API keys: a key, a newly created one with its secret, the create body.
import { z } from "@hono/zod-openapi";

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z
      .string()
      .openapi({ description: "The key's first characters, to tell keys apart", example: "sk_4fQm9Zx" }),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .openapi("ApiKey");

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The whole key. Shown once, here; store it now.", example: "sk_…" }),
}).openapi("CreatedApiKey");

export const CreateApiKeyBody = z
  .object({ name: z.string().min(1).max(100).default("API key") })
  .openapi("CreateApiKey");
