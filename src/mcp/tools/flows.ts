// Agent tools for flows: generate, read, revisions, duplicate, activate, and detach a post automation.
import { z } from "@hono/zod-openapi";
import { AutomationDetachedSchema } from "../../schemas/automation";
import { IdParam } from "../../schemas/common";
import {
  FlowGenerateSchema,
  FlowIdParam,
  FlowSchema,
  GeneratedFlowSchema,
  NodeParams,
  RevisionListQuery,
  RevisionSchema,
} from "../../schemas/flows";
import { automationToDetach, detachAutomation } from "../../services/flows/automation";
import { generateFlow } from "../../services/flows/generate";
import { activateFlow, duplicateFlow } from "../../services/flows/lifecycle";
import { listRevisions } from "../../services/flows/revisions";
import { getFlow } from "../../services/flows/store";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

export const FlowIdInput = FlowIdParam.shape.id.describe("The flow's id");
export const NodeIdInput = NodeParams.shape.nodeId.describe("A step's id or its name");

const flowTool = { readOnly: false, idempotent: false, openWorld: false } as const;

export const generateFlowTool = defineTool({
  name: "generate_flow",
  title: "Build a flow from a description",
  description:
    "Builds a whole automation flow (trigger, messages, questions, …) for an Instagram, Facebook or WhatsApp account from a description, as a draft with no problems. `accountId` is an account id or handle; when a handle matches several accounts, pass `platformUserId`. With `iterateOnFlowId` it replaces every step of that flow, which must be an empty draft or exactly what generate_flow last built (else `state_error` with `suggestion: use_edit_tools`). Costs 15 AI credits (out of credits: `feature_disabled`, nothing built).",
  input: z.object(camelShape(FlowGenerateSchema.shape)).strict(),
  output: GeneratedFlowSchema,
  scopes: ["flows:write"],
  ...flowTool,
  run: ({ rt, principal }, input) =>
    generateFlow(
      rt,
      principal.userId,
      asRestInput(FlowGenerateSchema, {
        description: input.description,
        account_id: input.accountId,
        platform_user_id: input.platformUserId,
        iterate_on_flow_id: input.iterateOnFlowId,
      }),
    ),
});

export const getFlowTool = defineTool({
  name: "get_flow",
  title: "Get a flow",
  description:
    "A flow's steps (id, type, name and a one-line summary), its connections (from a step's handle to a step) and `problems` (for a draft, everything that stops it being turned on, each with `code`, `message` and `nodeId`; for a live flow, its current problem). `nodeId` (a step id or name) adds that step's full data as `node`; request headers show as [redacted]. herald://node-types lists each step type's data.",
  input: z.object({ flowId: FlowIdInput, nodeId: NodeIdInput.optional() }).strict(),
  output: FlowSchema,
  scopes: ["flows:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { flowId, nodeId }) => getFlow(rt, principal.userId, flowId, nodeId),
});

export const getFlowRevisionsTool = defineTool({
  name: "get_flow_revisions",
  title: "List a flow's revisions",
  description:
    "A flow's saved versions, newest first: the restore points saved before each edit or rebuild (Before AI edit) and the versions it was turned on with. Pass one's id to revert_flow_to_version; `nextCursor` back as `cursor` for more.",
  input: z.object({ flowId: FlowIdInput, ...RevisionListQuery.shape }).strict(),
  output: z.object({ revisions: z.array(RevisionSchema), nextCursor: z.string().nullable() }),
  scopes: ["flows:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, { flowId, ...query }) => {
    const page = await listRevisions(rt, principal.userId, flowId, query);
    return { revisions: page.data, nextCursor: page.next_cursor };
  },
});

export const duplicateFlowTool = defineTool({
  name: "duplicate_flow",
  title: "Duplicate a flow",
  description:
    "A draft copy of a flow with new ids, listening on no scheduled post. Live flows cannot be edited: duplicate one and edit the copy.",
  input: z.object({ flowId: FlowIdInput }).strict(),
  output: FlowSchema,
  scopes: ["flows:write"],
  ...flowTool,
  run: ({ rt, principal }, { flowId }) => duplicateFlow(rt, principal.userId, flowId),
});

export const activateFlowTool = defineTool({
  name: "activate_flow",
  title: "Turn a flow on",
  description:
    "Turns a draft on, only when it has no problems (else `state_error` listing them); the content it runs is pinned. A scheduled post's automation is turned on by the owner with its post, never here.",
  input: z.object({ flowId: FlowIdInput }).strict(),
  output: FlowSchema,
  scopes: ["flows:write"],
  readOnly: false,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { flowId }) => activateFlow(rt, principal.userId, flowId),
});

export const detachPostAutomationTool = defineTool({
  name: "detach_post_automation",
  title: "Remove a scheduled post's automation",
  description:
    "Removes the automation from a scheduled post: its flow stays, listening on no post (a live one is turned off). Always asks for confirmation. Being rolled out gradually: a call may be refused as not enabled.",
  input: z.object({ postId: IdParam.shape.id.describe("The scheduled post") }).strict(),
  output: AutomationDetachedSchema,
  scopes: ["posts:write", "flows:write"],
  rollout: "detach_post_automation",
  confirm: true,
  preview: async ({ rt, principal }, { postId }) => {
    const automation = await automationToDetach(rt, principal.userId, postId);
    return {
      summary: `Remove the automation "${automation.flowName}" (${automation.flowId}, ${automation.state}) from post ${postId}: the flow will listen on no post${automation.state === "live" ? " and be turned off" : ""}.`,
      details: { post_id: postId, automation },
    };
  },
  readOnly: false,
  idempotent: false,
  openWorld: false,
  run: ({ rt, principal }, { postId }) => detachAutomation(rt, principal.userId, postId),
});
