/**
 * What a flow's steps are made of that the REST schemas share with the steps' data schemas
 * (`services/flows/steps.ts`). It imports nothing of Herald's, so the step schemas can build on it without a circle.
 */
import { z } from "@hono/zod-openapi";

/** The step types of an automation flow (each one's data schema and handles: `services/flows/steps.ts`). */
export const STEP_TYPES = [
  "trigger",
  "message",
  "delay",
  "condition",
  "collect",
  "ai_reply",
  "payment",
  "action",
] as const;

/** The OpenAPI component each step type's `data` schema is published as (`services/flows/steps.ts` names them so). */
export const STEP_DATA_COMPONENTS = {
  trigger: "TriggerStepData",
  message: "MessageStepData",
  delay: "DelayStepData",
  condition: "ConditionStepData",
  collect: "CollectStepData",
  ai_reply: "AiReplyStepData",
  payment: "PaymentStepData",
  action: "ActionStepData",
} as const satisfies Record<(typeof STEP_TYPES)[number], string>;

/** Meta's template names: lower-case letters, digits and underscores, at most 512. */
export const TemplateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, "lower-case letters, digits and underscores (Meta's template names)");

/** Meta's language and locale codes: `en`, `en_US`, `pt_BR`, `zh_HK`… */
export const TemplateLanguage = z
  .string()
  .regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, "a language code such as en or en_US");

/**
 * A value for one of a template's body variables ({{1}}, {{2}}… in order): plain text, as Meta takes it (no new
 * lines or tabs, at most 4 spaces in a row).
 */
export const TemplateParameter = z
  .string()
  .min(1, "at least 1 character")
  .max(1024, "at most 1,024 characters")
  .refine((text) => text.trim() !== "", "must not be blank")
  .refine((text) => !/[\n\t]/.test(text), "no new lines or tabs (WhatsApp refuses them in a template variable)")
  .refine((text) => !/ {5}/.test(text), "at most 4 spaces in a row (WhatsApp refuses more in a template variable)");

/** WhatsApp takes a template's body variables in order; Herald sends at most 10. */
export const MAX_TEMPLATE_PARAMETERS = 10;
