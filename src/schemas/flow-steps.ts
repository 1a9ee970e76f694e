/**
 * The step types of a flow and each one's `data` schema, shared by the REST schemas, agent tools, the
 * `herald://node-types` resource and the step-kind registry (`services/flows/step-kinds.ts`).
 */
import { z } from "@hono/zod-openapi";
import { isValidTimeZone } from "../lib/time";
import { FLOW_TRIGGER_KINDS } from "../platforms/catalog";

/** The step types of an automation flow (each one's handles and summary: `services/flows/step-kinds.ts`). */
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

export type StepType = (typeof STEP_TYPES)[number];

/** The OpenAPI component each step type's `data` schema is published as (the data schemas below name them so). */
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

export const DAY_MS = 86_400_000;
/** The shortest wait a delay step may have; shorter is refused. */
export const MIN_DELAY_MS = 1000;
/** The longest wait a delay step may have; longer is a problem, not a refusal. */
export const MAX_DELAY_MS = 365 * DAY_MS;

/** Ids of content blocks and buttons: chosen by the caller or given by Herald; buttons' ids are their handles. */
const LocalId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, _ or -")
  .openapi({ example: "btn_guide" });

export const KEYWORD_MATCHES = ["contains", "exact", "any"] as const;

export const TriggerConfigSchema = z
  .object({
    kind: z.enum(FLOW_TRIGGER_KINDS).describe("What starts the flow; herald://trigger-types lists them per platform"),
    keywords: z
      .array(z.string().trim().min(1).max(100))
      .max(20)
      .default([])
      .describe("Words that start it (case-insensitive); needed unless `match` is `any`"),
    match: z
      .enum(KEYWORD_MATCHES)
      .default("contains")
      .describe("`contains`: a keyword anywhere; `exact`: the whole message; `any`: every message"),
    media_ids: z
      .array(z.string().min(1).max(100))
      .max(20)
      .optional()
      .describe("Only comments on these posts (platform media ids); all posts when absent"),
  })
  .strict();

export const TriggerDataSchema = z
  .object({ config: TriggerConfigSchema })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.trigger);

export const BUTTON_TYPES = ["url", "postback"] as const;

export const ButtonSchema = z
  .object({
    id: LocalId.optional().describe("Given by Herald when left out; a postback button's connection leaves from it"),
    label: z.string().trim().min(1).max(20),
    type: z.enum(BUTTON_TYPES).describe("`url` opens `url`; `postback` continues along its connection"),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict();

export const BlockSchema = z
  .object({
    id: LocalId.optional().describe("Given by Herald when left out; update_node merges blocks by it"),
    text: z.string().max(1000).default(""),
    buttons: z.array(ButtonSchema).max(3).default([]),
  })
  .strict();

export const MessageDataSchema = z
  .object({
    blocks: z.array(BlockSchema).max(10).default([]),
    link: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional()
      .describe("An outgoing link sent with the message"),
    template: z
      .object({
        name: TemplateName,
        language: TemplateLanguage,
        parameters: z
          .array(TemplateParameter)
          .max(MAX_TEMPLATE_PARAMETERS, `at most ${MAX_TEMPLATE_PARAMETERS} parameters`)
          .optional()
          .describe(
            "The values of the template's body variables, in order ({{1}} first): plain text, as many as the template has",
          ),
      })
      .strict()
      .nullable()
      .optional()
      .describe(
        "WhatsApp: send this approved message template (costs no AI credits; it may open a conversation outside the 24-hour window); null removes it",
      ),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.message);

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 00:00 to 23:59");

/** Every day of the week, as posting slots number them (0 Sunday … 6 Saturday). */
export const EVERY_WEEKDAY = [0, 1, 2, 3, 4, 5, 6];

export const DelayWindowSchema = z
  .object({
    start: ClockTime.describe("When it opens (24-hour HH:MM, wall clock in `timezone`)"),
    end: ClockTime.describe(
      "When it closes (not included); earlier than `start`, it closes the next day (22:00 to 06:00 runs overnight)",
    ),
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1, "at least one weekday")
      .max(7)
      .refine((days) => new Set(days).size === days.length, "each weekday at most once")
      .default(EVERY_WEEKDAY)
      .describe("The days it opens on, 0 Sunday … 6 Saturday as in posting slots; every day when left out"),
    timezone: z
      .string()
      .max(100)
      .refine(isValidTimeZone, "unknown time zone: an IANA zone such as Europe/Berlin")
      .optional()
      .describe("An IANA zone; the owner's time zone when left out (UTC while they have none)"),
  })
  .strict()
  .refine((window) => window.start !== window.end, { path: ["end"], message: "must differ from start" })
  .openapi("DelayWindow");

export const DelayDataSchema = z
  .object({
    delay_time: z
      .number()
      .int()
      .min(MIN_DELAY_MS, "at least 1 second (1000 ms)")
      .max(Number.MAX_SAFE_INTEGER)
      .describe(
        "Milliseconds to wait: at least 1000 (1 second), at most 365 days (or the flow has a problem); a loop's delays must add up to an hour",
      ),
    window: DelayWindowSchema.optional().describe(
      "Go on only inside this weekly window: a delay that ends outside it waits for its next opening",
    ),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.delay);

export const CONDITION_OPS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "is_set",
  "is_not_set",
  "greater_than",
  "less_than",
] as const;

export const ConditionDataSchema = z
  .object({
    rules: z
      .array(
        z
          .object({
            field: z.string().trim().min(1).max(100).describe("A collected field's label, a tag or a contact field"),
            op: z.enum(CONDITION_OPS),
            value: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    match: z.enum(["all", "any"]).default("all"),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.condition);

export const FIELD_TYPES = ["email", "phone", "text", "number", "url", "date"] as const;

export const CollectDataSchema = z
  .object({
    field_type: z.enum(FIELD_TYPES).optional().describe("What the answer must be; needed to turn the flow on"),
    label: z.string().trim().max(100).default("").describe("The name the answer is kept under"),
    prompt: z
      .string()
      .max(1000)
      .default("")
      .describe("The question it sends; empty waits for the answer to the message before it"),
    retries: z.number().int().min(0).max(5).default(2).describe("Times it asks again after an invalid answer"),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.collect);

export const AiReplyDataSchema = z
  .object({
    instructions: z.string().max(2000).default("").describe("How the AI should answer (5 AI credits per reply)"),
    max_chars: z.number().int().min(1).max(1000).default(500),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.ai_reply);

export const PaymentDataSchema = z
  .object({
    product_id: z.string().min(1).max(100).optional().describe("Owner-only: set in the owner's editor"),
    price: z
      .object({ amount: z.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/, "ISO 4217 code") })
      .strict()
      .optional()
      .describe("Owner-only: the amount in the currency's minor units"),
  })
  .strict()
  .openapi(STEP_DATA_COMPONENTS.payment);

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** What step data shows in place of a stored secret (request headers). */
export const REDACTED = "[redacted]";

export const ActionDataSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("tag"), tag: z.string().trim().min(1).max(100) }).strict(),
    z
      .object({
        kind: z.literal("set_field"),
        field: z.string().trim().min(1).max(100),
        value: z.union([z.string().max(500), z.number(), z.boolean()]),
      })
      .strict(),
    z.object({ kind: z.literal("notify"), message: z.string().trim().min(1).max(500) }).strict(),
    z
      .object({
        kind: z.literal("http"),
        method: z.enum(HTTP_METHODS),
        url: z.string().max(2000).describe("A public https URL"),
        headers: z
          .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, "a header name"), z.string().max(4000))
          .default({})
          .describe(`Stored encrypted and always shown as ${REDACTED}; send ${REDACTED} to keep a value`),
        body: z.string().max(10_000).optional(),
      })
      .strict(),
  ])
  .openapi(STEP_DATA_COMPONENTS.action);

export type TriggerData = z.output<typeof TriggerDataSchema>;
export type MessageData = z.output<typeof MessageDataSchema>;
export type DelayData = z.output<typeof DelayDataSchema>;
export type DelayWindow = z.output<typeof DelayWindowSchema>;
export type ConditionData = z.output<typeof ConditionDataSchema>;
export type CollectData = z.output<typeof CollectDataSchema>;
export type AiReplyData = z.output<typeof AiReplyDataSchema>;
export type PaymentData = z.output<typeof PaymentDataSchema>;
export type ActionData = z.output<typeof ActionDataSchema>;

/** A window's weekdays: every day for a window stored before it had them (stored data is not parsed again). */
export const weekdaysOf = (window: DelayWindow): readonly number[] => window.weekdays ?? EVERY_WEEKDAY;

export interface StepDataByType {
  trigger: TriggerData;
  message: MessageData;
  delay: DelayData;
  condition: ConditionData;
  collect: CollectData;
  ai_reply: AiReplyData;
  payment: PaymentData;
  action: ActionData;
}

/** A step as it is stored: its data parsed by its type's schema (defaults filled, block and button ids given). */
export type TypedStep = { [T in StepType]: { id: string; type: T; name: string; data: StepDataByType[T] } }[StepType];
