// Agent tools for plugs: list them and arm one on a post.
import { z } from "@hono/zod-openapi";
import { IdParam } from "../../schemas/common";
import type { PlugCreateInput } from "../../schemas/plugs";
import { PlugCreateSchema, PlugListSchema, PlugSchema } from "../../schemas/plugs";
import { armPlug, listPlugs, previewPlug, soleCarrierOf } from "../../services/plugs/plugs";
import { type Caller, defineTool } from "../define";

const { trigger, action } = PlugCreateSchema.shape;

const ArmInput = z
  .object({
    postId: IdParam.shape.id,
    accountId: PlugCreateSchema.shape.account_id
      .optional()
      .describe("The post's account that carries the plug; may be left out when only one of them can"),
    metric: trigger.shape.metric,
    threshold: trigger.shape.threshold,
    action: action.shape.kind,
    text: action.shape.text,
  })
  .strict();

async function plugInput({ rt, principal }: Caller, input: z.infer<typeof ArmInput>): Promise<PlugCreateInput> {
  return {
    account_id: input.accountId ?? (await soleCarrierOf(rt, principal, input.postId)),
    trigger: { metric: input.metric, threshold: input.threshold },
    action: { kind: input.action, text: input.text },
  };
}

export const listPlugsTool = defineTool({
  name: "list_plugs",
  title: "List a post's plugs",
  description:
    "A post's plugs with their state and progress (`last_value`), the post's accounts that can carry one (`targets`, with the metrics and actions of their platform), and the limits in use.",
  input: z.object({ postId: IdParam.shape.id }).strict(),
  output: PlugListSchema,
  scopes: ["posts:read"],
  plan: "plugs",
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { postId }) => listPlugs(rt, principal, postId),
});

export const armPlugTool = defineTool({
  name: "arm_plug",
  title: "Arm a plug",
  description:
    "A one-time follow-up on a scheduled or live post: when `metric` reaches `threshold` on the account, Herald reposts it or comments `text` under it, once. Asks for confirmation. Limits: 3 per account on a post, 10 watching at once.",
  input: ArmInput,
  output: PlugSchema,
  scopes: ["posts:write"],
  plan: "plugs",
  confirm: true,
  readOnly: false,
  idempotent: false,
  openWorld: true,
  preview: async (caller, input) => {
    // The id and time are the armed plug's own; the rest is exactly what will be armed.
    const {
      id: _,
      plug_id: __,
      created_at: ___,
      ...plug
    } = await previewPlug(caller.rt, caller.principal, input.postId, await plugInput(caller, input));
    const action = plug.action.kind === "comment" ? `comment "${plug.action.text}" under it` : "repost it";
    return {
      summary: `Arm a plug on post ${plug.post_id} for ${plug.platform} account ${plug.account_id}: when ${plug.trigger.metric} reach ${plug.trigger.threshold}, ${action}, once.`,
      details: { plug },
    };
  },
  run: async (caller, input) => armPlug(caller.rt, caller.principal, input.postId, await plugInput(caller, input)),
});
