// Agent tools that edit a flow's steps and connections, and revert it to a version.
import { z } from "@hono/zod-openapi";
import {
  EdgeAddSchema,
  EdgeParams,
  FlowSchema,
  NodeAddSchema,
  NodeUpdateSchema,
  RevertSchema,
} from "../../schemas/flows";
import { addEdge, addNode, deleteEdge, deleteNode, revertFlow, updateNode } from "../../services/flows/edits";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";
import { FlowIdInput, NodeIdInput } from "./flows";

/** What every edit tool's description ends with: rules 2 and 3, and the owner's content. */
const EDIT_RULES =
  "Drafts only (a live flow: `state_error`, duplicate_flow first). The flow as it stands is saved as a revision first (get_flow_revisions, revert_flow_to_version). When the flow is changed at the same time the call fails with `state_error` (`suggestion: wait_then_retry`) and changes nothing. Content only the owner sets is refused (`validation_error`): a payment step's settings, products, the post an automation listens on, removing a button that has a connection. Editing an automation set to turn on with its post turns that off (`notice`).";

const edit = { scopes: ["flows:write"], readOnly: false, idempotent: false, openWorld: false } as const;

export const updateNodeTool = defineTool({
  name: "update_node",
  title: "Change a flow step",
  description: `Changes one step. \`text\` sets a message's reply text, \`link\` its outgoing link, \`keywords\` a trigger's keywords; \`data\` is merged: top-level keys are set, content blocks merge by \`id\`, the trigger \`config\` merges by key, keys left out are kept; \`removeBlockIds\` drops blocks; \`name\` renames it. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, nodeId: NodeIdInput, ...camelShape(NodeUpdateSchema.shape) }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, nodeId, removeBlockIds, ...input }) =>
    updateNode(
      rt,
      principal.userId,
      flowId,
      nodeId,
      asRestInput(NodeUpdateSchema, { ...input, remove_block_ids: removeBlockIds }),
    ),
});

export const addNodeTool = defineTool({
  name: "add_node",
  title: "Add a flow step",
  description: `Adds a step of \`type\` with its \`data\` (herald://node-types lists each type's fields), not yet connected: connect it with add_edge. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, ...NodeAddSchema.shape }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, ...input }) => addNode(rt, principal.userId, flowId, input),
});

export const deleteNodeTool = defineTool({
  name: "delete_node",
  title: "Remove a flow step",
  description: `Removes a step and every connection into or out of it. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, nodeId: NodeIdInput }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, nodeId }) => deleteNode(rt, principal.userId, flowId, nodeId),
});

export const addEdgeTool = defineTool({
  name: "add_edge",
  title: "Connect two flow steps",
  description: `Connects \`from\` to \`to\` (step ids or names). \`handle\` is where it leaves \`from\`: a postback button's id, \`true\`/\`false\` of a condition, \`valid\`/\`invalid\` of a collect step, or none for the ordinary way on. Connections out of a payment step are the owner's. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, ...EdgeAddSchema.shape }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, ...input }) => addEdge(rt, principal.userId, flowId, input),
});

export const deleteEdgeTool = defineTool({
  name: "delete_edge",
  title: "Remove a flow connection",
  description: `Removes one connection (get_flow lists them with their ids). Connections out of a payment step are the owner's. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, edgeId: EdgeParams.shape.edgeId.describe("The connection's id") }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, edgeId }) => deleteEdge(rt, principal.userId, flowId, edgeId),
});

export const revertFlowToVersionTool = defineTool({
  name: "revert_flow_to_version",
  title: "Restore a flow revision",
  description: `Gives the flow the content of one of its revisions (get_flow_revisions); what it holds now is saved as a revision first, so this can be undone too. ${EDIT_RULES}`,
  input: z.object({ flowId: FlowIdInput, ...camelShape(RevertSchema.shape) }).strict(),
  output: FlowSchema,
  ...edit,
  run: ({ rt, principal }, { flowId, revisionId }) => revertFlow(rt, principal.userId, flowId, revisionId),
});
