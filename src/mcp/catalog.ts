// Every agent tool in the order agents see them, `list_capabilities`, and the scopes they need.
import { z } from "@hono/zod-openapi";
import type { Scope } from "../services/auth/auth";
import { AGENT_SCOPE, unavailability } from "./access";
import { type Caller, defineTool, type Tool } from "./define";
import { toolRefusal } from "./errors";
import { listAccountDestinationsTool, listAccountsTool } from "./tools/accounts";
import { getAnalyticsOverviewTool } from "./tools/analytics";
import { createClientInviteTool, listClientInvitesTool } from "./tools/clients";
import {
  deleteCollectedDataTool,
  exportCollectedDataTool,
  getCollectedDataTool,
  listFlowsWithStatsTool,
} from "./tools/collected-data";
import {
  addEdgeTool,
  addNodeTool,
  deleteEdgeTool,
  deleteNodeTool,
  revertFlowToVersionTool,
  updateNodeTool,
} from "./tools/flow-edits";
import {
  activateFlowTool,
  detachPostAutomationTool,
  duplicateFlowTool,
  generateFlowTool,
  getFlowRevisionsTool,
  getFlowTool,
} from "./tools/flows";
import { getConversationTool, listInboxTool, replyToConversationTool, updateConversationTool } from "./tools/inbox";
import { listMediaTool, uploadMediaTool } from "./tools/media";
import { armPlugTool, listPlugsTool } from "./tools/plugs";
import {
  createScheduledPostTool,
  getScheduledPostTool,
  listScheduledPostsTool,
  updateScheduledPostTool,
} from "./tools/posts";
import { listRssFeedsTool, updateRssFeedTool } from "./tools/rss";
import { findNextSlotTool, managePostingSlotsTool } from "./tools/slots";

/** Every tool but `list_capabilities`, in the order agents see them. A new tool is one more declaration here. */
const DECLARED: readonly Tool[] = [
  listAccountsTool,
  listAccountDestinationsTool,
  createScheduledPostTool,
  updateScheduledPostTool,
  getScheduledPostTool,
  listScheduledPostsTool,
  uploadMediaTool,
  listMediaTool,
  findNextSlotTool,
  managePostingSlotsTool,
  listPlugsTool,
  armPlugTool,
  listRssFeedsTool,
  updateRssFeedTool,
  createClientInviteTool,
  listClientInvitesTool,
  getAnalyticsOverviewTool,
  generateFlowTool,
  getFlowTool,
  updateNodeTool,
  addNodeTool,
  deleteNodeTool,
  addEdgeTool,
  deleteEdgeTool,
  revertFlowToVersionTool,
  getFlowRevisionsTool,
  duplicateFlowTool,
  activateFlowTool,
  detachPostAutomationTool,
  getCollectedDataTool,
  exportCollectedDataTool,
  deleteCollectedDataTool,
  listFlowsWithStatsTool,
  listInboxTool,
  getConversationTool,
  replyToConversationTool,
  updateConversationTool,
];

/** The tools this caller may use now (scopes, plan, rollouts), and why each other one is left out. */
export async function toolsFor(caller: Caller) {
  const checked = await Promise.all(TOOLS.map(async (tool) => ({ tool, refusal: await unavailability(tool, caller) })));
  return {
    available: checked.filter((c) => !c.refusal).map((c) => c.tool),
    unavailable: checked.flatMap(({ tool, refusal }) => (refusal ? [{ tool, refusal }] : [])),
  };
}

const Refusal = z.object({ code: z.string(), message: z.string() }).catchall(z.unknown());

const listCapabilitiesTool = defineTool({
  name: "list_capabilities",
  title: "List the tools you can use",
  description:
    "The tools this credential may use now, the same set `tools/list` gives (it depends on the granted scopes, the plan and features being rolled out, and can change between sessions), and each tool left out with the reason it would be refused.",
  input: z.object({}).strict(),
  output: z.object({
    tools: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        readOnly: z.boolean(),
        destructive: z.boolean(),
        confirmation: z.boolean().describe("It may ask for confirmation before acting"),
      }),
    ),
    unavailable: z.array(z.object({ name: z.string(), reason: Refusal })),
    scopes: z.array(z.string()).describe("The scopes this credential holds"),
    plan: z.string(),
  }),
  scopes: [],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async (caller) => {
    const { available, unavailable } = await toolsFor(caller);
    return {
      tools: available.map((tool) => ({
        name: tool.name,
        title: tool.title,
        readOnly: tool.annotations.readOnlyHint === true,
        destructive: tool.annotations.destructiveHint === true,
        confirmation: tool.confirmable,
      })),
      unavailable: unavailable.map(({ tool, refusal }) => ({ name: tool.name, reason: toolRefusal(refusal) })),
      scopes: [...caller.principal.scopes],
      plan: caller.principal.plan,
    };
  },
});

export const TOOLS: readonly Tool[] = [...DECLARED, listCapabilitiesTool];

export const TOOLS_BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** Every scope some tool needs: what an MCP client should ask for to get them all. */
export const TOOL_SCOPES: readonly Scope[] = [
  ...new Set<Scope>([
    AGENT_SCOPE,
    ...TOOLS.flatMap((t) => t.scopes),
    ...(TOOLS.some((t) => t.annotations.destructiveHint) ? (["agent:destructive"] as const) : []),
  ]),
];
