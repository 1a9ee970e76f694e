// Zod schemas of flows: a flow with its steps and connections, edits, generation, revisions and executions.
import { z } from "@hono/zod-openapi";
import { EXECUTION_STATUSES, STOP_REASONS } from "../db/schema/flow-runs";
import { FLOW_STATUSES, FLOW_VERSION_REASONS } from "../db/schema/flows";
import { PlatformKeySchema } from "./accounts";
import { STEP_DATA_COMPONENTS, STEP_TYPES } from "./flow-steps";

const Name = z.string().trim().min(1).max(100);
const StepRef = z.string().min(1).max(100);

export const FlowIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "flow_3hZ0cQ8vXb1mK2pLr9Ta" }),
});
export const NodeParams = FlowIdParam.extend({
  nodeId: StepRef.openapi({ param: { name: "nodeId", in: "path" }, description: "A step's id or its name" }),
});
export const EdgeParams = FlowIdParam.extend({
  edgeId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "edgeId", in: "path" } }),
});

export const ProblemSchema = z
  .object({
    code: z.string().openapi({ example: "trigger_without_keywords" }),
    message: z.string(),
    nodeId: z.string().optional().openapi({ description: "The step at fault, when one is" }),
  })
  .openapi("FlowProblem");

export const EdgeSchema = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    handle: z.string().nullable().openapi({
      description: "The button id or branch (`true`, `valid`, …) it leaves from; null: the ordinary way on",
    }),
  })
  .openapi("FlowEdge");

export const StepSchema = z
  .object({
    id: z.string(),
    type: z.enum(STEP_TYPES),
    name: z.string(),
    data: z.record(z.string(), z.unknown()).openapi({
      description: `The step type's data (herald://node-types): by \`type\`, ${Object.values(STEP_DATA_COMPONENTS).join(", ")}; request headers show as [redacted]`,
    }),
  })
  .openapi("FlowStep");

const FlowFields = {
  id: z.string().openapi({ example: "flow_3hZ0cQ8vXb1mK2pLr9Ta" }),
  name: z.string(),
  account_id: z.string(),
  platform: PlatformKeySchema,
  status: z.enum(FLOW_STATUSES),
  content_hash: z.string().openapi({ description: "SHA-256 of the steps and connections" }),
  edit_seq: z.number().int().openapi({ description: "Moves on with every change; concurrent edits are refused" }),
  post_id: z.string().nullable().openapi({ description: "The scheduled post it listens on (set by the owner)" }),
  armed: z.boolean().openapi({ description: "Set to turn on with its scheduled post" }),
  live_version_id: z.string().nullable().openapi({ description: "The pinned version it runs while live" }),
  ai_replies_per_day: z.number().int().nullable().openapi({
    description:
      "The most AI replies it writes a UTC day (past it the plain acknowledgement goes, costing nothing); null: none but the plan's credits",
  }),
  created_at: z.string(),
  updated_at: z.string(),
};

export const FlowSchema = z
  .object({
    ...FlowFields,
    nodes: z.array(
      z
        .object({ id: z.string(), type: z.enum(STEP_TYPES), name: z.string(), summary: z.string() })
        .openapi("FlowStepSummary"),
    ),
    edges: z.array(EdgeSchema),
    problems: z.array(ProblemSchema).openapi({
      description:
        "A draft's (or a turned-off flow's) every problem that stops it being turned on; a live flow's current problem; empty: none",
    }),
    node: StepSchema.optional().openapi({ description: "With `node_id`: that step in full" }),
    notice: z.string().optional().openapi({ description: "Something the edit changed besides the content" }),
  })
  .openapi("Flow");

export const FlowSummarySchema = z.object({ ...FlowFields, step_count: z.number().int() }).openapi("FlowSummary");

export const FlowListQuery = z.object({
  account_id: z.string().min(1).max(100).optional(),
  status: z.enum(FLOW_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const FlowGetQuery = z.object({
  node_id: StepRef.optional().openapi({ description: "A step's id or name: adds that step's full data as `node`" }),
});

const AccountRef = {
  account_id: z.string().min(1).max(200).openapi({ description: "An account id, or the account's handle (its name)" }),
  platform_user_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "Chooses among accounts that share the handle" }),
};

export const FlowCreateSchema = z
  .object({ name: Name, ...AccountRef })
  .strict()
  .openapi("FlowCreate");

/** A flow's settings, changed in any state (they are not its content): its name, its daily AI reply budget. */
export const FlowUpdateSchema = z
  .object({
    name: Name.optional(),
    ai_replies_per_day: z.number().int().min(1).max(100_000).nullable().optional().openapi({
      description: "The most AI replies the flow writes a UTC day, across its contacts; null removes the budget",
    }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Give name or ai_replies_per_day" })
  .openapi("FlowUpdate");

export const FlowGenerateSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .openapi({ description: "What the flow should do; material only, never instructions to Herald" }),
    ...AccountRef,
    iterate_on_flow_id: z.string().min(1).max(100).optional().openapi({
      description:
        "Rebuild this flow instead of making a new one: only an empty draft or one exactly as last generated",
    }),
  })
  .strict()
  .openapi("FlowGenerate");

export const AiCreditsSchema = z
  .object({
    month: z.string().openapi({ description: "The UTC month (YYYY-MM) of the allowance" }),
    used: z.number().int(),
    allowance: z.number().int(),
  })
  .openapi("AiCredits");

export const GeneratedFlowSchema = z
  .object({
    flow: FlowSchema,
    builder: z.enum(["workers_ai", "local"]).openapi({ description: "Who built it: Workers AI, or the local builder" }),
    credits: AiCreditsSchema.extend({ charged: z.number().int() }),
  })
  .openapi("GeneratedFlow");

export const NodeUpdateSchema = z
  .object({
    name: Name.optional(),
    text: z.string().max(1000).optional().openapi({ description: "A message step's reply text (its first block)" }),
    link: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional()
      .openapi({ description: "A message step's outgoing link; null removes it" }),
    keywords: z
      .array(z.string().trim().min(1).max(100))
      .max(20)
      .optional()
      .openapi({ description: "A trigger's keywords" }),
    data: z.record(z.string(), z.unknown()).optional().openapi({
      description:
        "Merged into the step's data: top-level keys set, content blocks merged by id, a trigger's config merged by key, keys left out kept",
    }),
    remove_block_ids: z.array(z.string().min(1).max(64)).max(10).optional(),
  })
  .strict()
  .openapi("FlowNodeUpdate");

export const NodeAddSchema = z
  .object({
    type: z.enum(STEP_TYPES),
    name: Name.optional().openapi({ description: "Unique in the flow; the type's name, numbered, when left out" }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description: "The type's data (herald://node-types lists each type's fields): the schema named for `type`",
        anyOf: Object.values(STEP_DATA_COMPONENTS).map((name) => ({ $ref: `#/components/schemas/${name}` })),
      }),
  })
  .strict()
  .openapi("FlowNodeAdd");

export const EdgeAddSchema = z
  .object({
    from: StepRef.openapi({ description: "A step's id or name" }),
    to: StepRef.openapi({ description: "A step's id or name" }),
    handle: z.string().min(1).max(64).nullable().optional().openapi({
      description: "A postback button's id, `true`/`false` (condition), `valid`/`invalid` (collect); none otherwise",
    }),
  })
  .strict()
  .openapi("FlowEdgeAdd");

export const RevertSchema = z
  .object({ revision_id: z.string().min(1).max(100) })
  .strict()
  .openapi("FlowRevert");

export const RevisionSchema = z
  .object({
    id: z.string(),
    label: z.string().openapi({ example: "Before AI edit" }),
    reason: z.enum(FLOW_VERSION_REASONS),
    content_hash: z.string(),
    step_count: z.number().int(),
    edge_count: z.number().int(),
    created_at: z.string(),
  })
  .openapi("FlowRevision");

export const RevisionListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const ExecutionParams = FlowIdParam.extend({
  executionId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "executionId", in: "path" }, example: "exec_7Qe2mZ0aLx4Rk1bT9sVw" }),
});

export const ExecutionListQuery = z.object({
  status: z.enum(EXECUTION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const FlowExecutionSchema = z
  .object({
    id: z.string(),
    flow_id: z.string(),
    account_id: z.string(),
    contact_id: z.string().openapi({ description: "The person it runs for (their platform-scoped id)" }),
    step_id: z.string().nullable().openapi({ description: "The step it is on, or ended on" }),
    status: z.enum(EXECUTION_STATUSES).openapi({
      description:
        "`running`, `waiting_input`, `waiting_delay` while under way; `completed`, `stopped` or `errored` once ended",
    }),
    stop_reason: z.enum(STOP_REASONS).nullable().openapi({
      description:
        "Why it stopped: `flow_stopped` (the flow was turned off, deleted or another version went live), `owner`, `opted_out` (the person sent stop, or the owner opted them out), `human_takeover`",
    }),
    error_message: z.string().nullable(),
    started_at: z.string(),
    updated_at: z.string(),
    ended_at: z.string().nullable(),
  })
  .openapi("FlowExecution");
