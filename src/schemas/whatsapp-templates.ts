// Zod schemas of WhatsApp message templates, and the sandbox's template status body.
import { z } from "@hono/zod-openapi";
import { TEMPLATE_STATUSES } from "../db/schema/flow-runs";
import { TEMPLATE_EVENTS } from "../platforms/whatsapp/whatsapp";
import { TemplateLanguage, TemplateName } from "./flow-steps";

export const WhatsAppTemplateSchema = z
  .object({
    name: z.string(),
    language: z.string(),
    status: z.enum(TEMPLATE_STATUSES).openapi({ description: "Only an approved template can be sent" }),
    reason: z.string().nullable().openapi({ description: "Why it was rejected, paused or disabled, when Meta says" }),
    body_parameters: z.number().int().nullable().openapi({
      description:
        "How many variables its body has ({{1}}, {{2}}…): a message step sends as many `parameters`; null when WhatsApp's template list has not said (a template known only from a status webhook)",
    }),
    updated_at: z.string(),
  })
  .openapi("WhatsAppTemplate");

export const SandboxTemplateStatusBody = z
  .object({
    account_id: z.string().min(1).max(100),
    name: TemplateName,
    language: TemplateLanguage,
    event: z.enum(TEMPLATE_EVENTS),
    reason: z.string().trim().min(1).max(500).optional(),
    body_parameters: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        "How many variables the template's body has, as the template read will answer it (Meta's status webhook does not carry it); unchanged when left out, 0 for a new template",
      ),
  })
  .strict()
  .openapi("SandboxTemplateStatusRequest");
