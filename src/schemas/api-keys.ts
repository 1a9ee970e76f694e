// Zod schemas of API keys: a key, a newly created one with its secret, the create body.
import { z } from "@hono/zod-openapi";
import { ROLES } from "../db/schema/teams";

const KeyFields = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().openapi({ description: "The key's first characters, to tell keys apart", example: "sk_4fQm9Zx" }),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export const ApiKeySchema = KeyFields.extend({
  member: z
    .object({
      id: z.string().openapi({ example: "mem_4fQm9Zx2" }),
      person_id: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(ROLES),
    })
    .nullable()
    .openapi({ description: "The member the key acts as (its role bounds the key); null once they left" }),
}).openapi("ApiKey");

export const CreatedApiKeySchema = KeyFields.extend({
  key: z.string().openapi({ description: "The whole key. Shown once, here; store it now.", example: "sk_…" }),
}).openapi("CreatedApiKey");

export const CreateApiKeyBody = z
  .object({ name: z.string().min(1).max(100).default("API key") })
  .openapi("CreateApiKey");
