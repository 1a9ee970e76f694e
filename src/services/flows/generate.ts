// generate_flow: a whole flow built from a description into a new draft or a rebuild, for AI credits.
import type { z } from "@hono/zod-openapi";
import { flows } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { FLOW_TRIGGERS, type PlatformKey } from "../../platforms/catalog";
import type { FlowGenerateSchema } from "../../schemas/flows";
import { aiCreditUsage, giveBackAiCredits, takeAiCredits } from "../ai/ai-credits";
import type { Runtime } from "../runtime";
import { resolveFlowAccount } from "./accounts";
import { aiAnswerRefused, aiBuilder } from "./ai-builder";
import { contentFromDraft, type FlowBuilder } from "./builder";
import { commitContent } from "./commit";
import { notADraft, rebuildRefused } from "./errors";
import { localBuilder } from "./local-builder";
import { contentHash, isEmptyContent } from "./model";
import { contentProblems } from "./problems";
import { contentOf, type FlowRow, type FlowView, loadOwnedFlow, newFlowRow, presentFlow } from "./store";

/** Flows generate_flow built before this date count as edited (rule 1, SPEC Versioning 6). */
export const GENERATED_CONTENT_SINCE = Date.UTC(2026, 9, 2);

export const builderFor = (rt: Runtime): FlowBuilder =>
  rt.env.AI ? aiBuilder(rt.env.AI, rt.config.flow_ai_model) : localBuilder;

export type GenerateInput = z.infer<typeof FlowGenerateSchema>;

/** Rule 1: a rebuild replaces only an empty draft or exactly what generate_flow last built (since 2026-10-02). */
function assertRebuildable(row: FlowRow) {
  if (row.status !== "draft") throw notADraft(row.status);
  if (isEmptyContent(contentOf(row))) return;
  const asBuilt =
    row.generatedHash === row.contentHash && row.generatedAt !== null && row.generatedAt >= GENERATED_CONTENT_SINCE;
  if (!asBuilt) throw rebuildRefused();
}

/**
 * generate_flow: builds a whole flow from a description, into a new draft or (with `iterate_on_flow_id`)
 * replacing every step of one (rule 1; the rebuild is an edit under rules 2 and 3). Costs 15 AI credits,
 * taken before the work and given back when nothing is built. Nothing half-valid is stored: the built flow
 * must pass every step schema and have no problems, else it is refused.
 */
export async function generateFlow(
  rt: Runtime,
  userId: string,
  input: GenerateInput,
  builder: FlowBuilder = builderFor(rt),
) {
  const account = await resolveFlowAccount(rt, userId, input.account_id, input.platform_user_id);
  const target = input.iterate_on_flow_id ? await loadOwnedFlow(rt, userId, input.iterate_on_flow_id) : undefined;
  if (target) {
    if (target.accountId !== account.id) {
      throw validationError("account_id", `flow ${target.id} belongs to account ${target.accountId}`);
    }
    assertRebuildable(target);
  }
  const charge = await takeAiCredits(rt, userId, "generate_flow", target?.id ?? null);
  try {
    const platform = account.platform as PlatformKey;
    const draft = await builder.build({
      description: input.description,
      platform,
      triggerKinds: FLOW_TRIGGERS[platform] ?? [],
    });
    const flowId = target?.id ?? newId("flow");
    const content = await contentFromDraft(rt, flowId, draft).catch((error) => {
      if (error instanceof AppError && builder.kind === "workers_ai") throw aiAnswerRefused(error.message);
      throw error;
    });
    const problems = contentProblems(content, { platform, postLinked: target?.postId != null });
    if (problems.length > 0) {
      if (builder.kind === "workers_ai")
        throw aiAnswerRefused(`the flow had problems: ${problems.map((p) => p.code).join(", ")}`);
      throw new Error(`the local flow builder built a flow with problems: ${JSON.stringify(problems)}`);
    }
    let flow: FlowView;
    if (target) {
      flow = await commitContent(rt, target, content, { generated: true });
    } else {
      const row = await newFlowRow(rt, userId, account, draft.name, content, flowId);
      const built = { ...row, generatedHash: await contentHash(content), generatedAt: row.createdAt };
      await rt.db.insert(flows).values(built);
      flow = await presentFlow(rt, built);
    }
    return { flow, builder: builder.kind, credits: { charged: charge.credits, ...(await aiCreditUsage(rt, userId)) } };
  } catch (error) {
    await giveBackAiCredits(rt, charge);
    throw error;
  }
}
