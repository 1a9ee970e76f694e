// The step and trigger catalogs agents read (herald://node-types, herald://trigger-types).
import { z } from "@hono/zod-openapi";
import { FLOW_TRIGGERS, type PlatformKey } from "../../platforms/catalog";
import { STEP_TYPES, type StepType, TriggerConfigSchema } from "../../schemas/flow-steps";
import { STEP_KINDS } from "./step-kinds";

/** Where each step type's connections leave from (the `handle` of add_edge). */
const HANDLES: Record<StepType, string> = {
  trigger: "none: one connection to the first step",
  message: "none (after it is sent), or the id of one of its postback buttons (when that button is tapped)",
  delay: "none (when the wait is over)",
  condition: '"true" or "false"',
  collect: '"valid" (an answer of the right type) or "invalid" (after its retries)',
  ai_reply: "none (after the reply)",
  payment: "no connection leaves a payment step here: the owner sets them in Herald",
  action: "none (after the action)",
};

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

/** Every step type with its description, handles and the JSON Schema of its `data` (herald://node-types). */
export const stepCatalog = () =>
  STEP_TYPES.map((type) => ({
    type,
    description: STEP_KINDS[type].description,
    handles: HANDLES[type],
    data: jsonSchemaOf(STEP_KINDS[type].data),
  }));

const TRIGGER_DESCRIPTIONS = {
  comment_keyword:
    "A comment containing (or equal to) a keyword, on any post or on `media_ids`; the first message is a private reply",
  dm_keyword: "A direct message containing (or equal to) a keyword",
  story_reply: "A reply to one of the account's stories (keywords optional)",
  story_mention: "A mention of the account in someone's story (keywords optional)",
};

/** The trigger kinds each flow platform offers, with the trigger's `config` schema (herald://trigger-types). */
export const triggerCatalog = () => ({
  platforms: Object.fromEntries(
    (Object.entries(FLOW_TRIGGERS) as [PlatformKey, readonly (keyof typeof TRIGGER_DESCRIPTIONS)[]][]).map(
      ([platform, kinds]) => [platform, kinds.map((kind) => ({ kind, description: TRIGGER_DESCRIPTIONS[kind] }))],
    ),
  ),
  config: jsonSchemaOf(TriggerConfigSchema),
});
