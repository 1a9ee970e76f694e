// Zod schema of UTM parameters: a post's own and the workspace default, with `{platform}` and `{account}`.
import { z } from "@hono/zod-openapi";

const value = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .openapi({ description: "`{platform}` and `{account}` are filled in per target at publish time" });

export const UtmSchema = z
  .object({ source: value, medium: value, campaign: value, content: value })
  .strict()
  .openapi("Utm", {
    description:
      "UTM parameters added to every link in the text at publish time (before shortening); a parameter the link already has is kept",
    example: { source: "{platform}", medium: "social", campaign: "spring-launch", content: "{account}" },
  });

export const UtmDefaultBody = z
  .object({ utm: UtmSchema.nullable().openapi({ description: "null: no default" }) })
  .strict()
  .openapi("UtmDefaultRequest");

export const UtmDefaultSchema = z.object({ utm: UtmSchema.nullable() }).openapi("UtmDefault");
