// Scheduled-post automations: a flow listening on one post's comments, attached, armed, live with the post.
import type { z } from "@hono/zod-openapi";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { fixedStatement, inJsonList, placeholder } from "../../db/fixed-statement";
import { notIndexed } from "../../db/not-indexed";
import { flows, posts, postTargets } from "../../db/schema";
import { notFound, validationError } from "../../lib/errors";
import type { AutomationAttachSchema, AutomationState } from "../../schemas/automation";
import { ownedPost } from "../posts/owned";
import type { Runtime } from "../runtime";
import { lostGuard, runFlowBatch, saveVersion, versionHolding } from "./commit";
import { concurrentChange, flowStateError, hasProblems } from "./errors";
import type { Problem } from "./model";
import { stopRunsOfStoppedFlow } from "./run/liveness";
import { type FlowRow, flowProblems, loadOwnedFlow } from "./store";

/*
 * A scheduled-post automation: a flow that listens for comments on one scheduled post (`flows.post_id`). The
 * owner attaches it and sets it to turn on with the post (`post_armed`, with the content pinned then); when
 * the post goes live on the flow's account the flow goes live in the same batch that records the publish.
 * Any edit turns the setting off (commit.ts). States, derived when read: see `automationState`.
 */

type PostRow = typeof posts.$inferSelect;
type TargetRow = typeof postTargets.$inferSelect;

/** A post's automation as SPEC shows it: `{ flowId, flowName, state, armed, problem? }`. */
export interface PostAutomation {
  flowId: string;
  flowName: string;
  state: AutomationState;
  armed: boolean;
  problem?: { code: string; message: string };
}

/** Posts an automation may be attached to or turned on with (not yet on their way out). */
const OPEN_POST = ["draft", "scheduled", "waiting_for_approval"] as const;

/**
 * The automation's state from its flow, its post and the post's target on the flow's account:
 * `failed` when the post can no longer carry it (deleted, failed on that account, or no longer going there);
 * `live` / `needs_attention` while the flow runs (with its runtime problem); `off` once turned off;
 * `armed` when set to turn on with the post (`needs_attention` if a problem appeared since); otherwise
 * `building` while it has problems (the first one shown) and `off` when it is ready but not set to turn on.
 */
export function automationState(
  flow: FlowRow,
  post: PostRow | undefined,
  target: TargetRow | undefined,
  problems: Problem[],
): { state: AutomationState; problem?: Problem } {
  if (!post || post.deletedAt !== null) {
    return { state: "failed", problem: { code: "post_deleted", message: "The scheduled post was deleted" } };
  }
  if (!target || target.status === "cancelled") {
    return {
      state: "failed",
      problem: { code: "post_account_removed", message: "The post no longer goes to the flow's account" },
    };
  }
  if (target.status === "failed") {
    return {
      state: "failed",
      problem: {
        code: "post_failed",
        message: `The post failed on the flow's account (${target.errorCode ?? "error"})`,
      },
    };
  }
  const [problem] = problems;
  if (flow.status === "live") return problem ? { state: "needs_attention", problem } : { state: "live" };
  if (flow.status === "off") return { state: "off" };
  if (flow.postArmed) return problem ? { state: "needs_attention", problem } : { state: "armed" };
  return problem ? { state: "building", problem } : { state: "off" };
}

async function automationFlowOf(rt: Runtime, userId: string, postId: string): Promise<FlowRow | undefined> {
  const [row] = await rt.db
    .select()
    .from(flows)
    .where(and(eq(flows.postId, postId), eq(flows.userId, userId), isNull(flows.deletedAt)));
  return row;
}

async function postAndTarget(rt: Runtime, flow: Pick<FlowRow, "postId" | "accountId">) {
  const [[post], targets] = await Promise.all([
    rt.db.select().from(posts).where(eq(posts.id, flow.postId!)),
    rt.db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.postId, flow.postId!), eq(postTargets.accountId, flow.accountId))),
  ]);
  return { post, target: targets.find((t) => t.status !== "cancelled") ?? targets[0] };
}

async function present(rt: Runtime, flow: FlowRow): Promise<PostAutomation> {
  const [{ post, target }, problems] = await Promise.all([postAndTarget(rt, flow), flowProblems(rt, flow)]);
  const { state, problem } = automationState(flow, post, target, problems);
  return {
    flowId: flow.id,
    flowName: flow.name,
    state,
    armed: flow.postArmed,
    ...(problem ? { problem: { code: problem.code, message: problem.message } } : {}),
  };
}

/** The post's automation, when it has one. */
export async function postAutomation(rt: Runtime, userId: string, postId: string): Promise<PostAutomation | undefined> {
  const flow = await automationFlowOf(rt, userId, postId);
  return flow ? present(rt, flow) : undefined;
}

async function requireAutomation(rt: Runtime, userId: string, postId: string): Promise<FlowRow> {
  const flow = await automationFlowOf(rt, userId, postId);
  if (!flow) throw notFound("Automation of this post");
  return flow;
}

/**
 * The owner attaches a draft flow to a scheduled post: it will listen for comments on that post. The flow's
 * account must be one the post goes to; a post has one automation and a flow listens on one post.
 */
export async function attachAutomation(
  rt: Runtime,
  userId: string,
  postId: string,
  input: z.infer<typeof AutomationAttachSchema>,
): Promise<PostAutomation> {
  const post = await ownedPost(rt, userId, postId);
  const flow = await loadOwnedFlow(rt, userId, input.flow_id);
  if (flow.postId !== postId) {
    if (!(OPEN_POST as readonly string[]).includes(post.status)) {
      throw flowStateError(`A ${post.status} post cannot take an automation`, { status: post.status });
    }
    if (flow.postId) throw flowStateError(`Flow ${flow.id} already listens on post ${flow.postId}`);
    if (flow.status !== "draft") throw flowStateError(`A ${flow.status} flow cannot become a post's automation`);
    const other = await automationFlowOf(rt, userId, postId);
    if (other) throw flowStateError(`Post ${postId} already has an automation (flow ${other.id}); remove it first`);
    const targets = await rt.db.select().from(postTargets).where(eq(postTargets.postId, postId));
    if (!targets.some((t) => t.accountId === flow.accountId && t.status !== "cancelled")) {
      throw validationError("flow_id", `the flow's account ${flow.accountId} is not one of the post's accounts`);
    }
    const attached = await rt.db
      .update(flows)
      .set({ postId, editSeq: flow.editSeq + 1, updatedAt: rt.clock.now() })
      .where(
        and(eq(flows.id, flow.id), eq(flows.editSeq, flow.editSeq), isNull(flows.postId), eq(flows.status, "draft")),
      )
      .returning()
      .catch((error) => {
        // The unique index on post_id: another flow was attached to the post meanwhile.
        if (String(error?.cause ?? error).includes("UNIQUE")) throw concurrentChange();
        throw error;
      });
    if (attached.length === 0) throw await lostGuard(rt, flow);
  }
  if (input.armed !== undefined) return setAutomationArmed(rt, userId, postId, input.armed);
  return present(rt, await requireAutomation(rt, userId, postId));
}

/**
 * The owner sets the automation to turn on with its post (only with no problems; the content is pinned now,
 * and any later edit turns the setting off), or turns it off. A post already live on the flow's account
 * turns it on at once; turning off a live automation turns its flow off.
 */
export async function setAutomationArmed(
  rt: Runtime,
  userId: string,
  postId: string,
  armed: boolean,
): Promise<PostAutomation> {
  const flow = await requireAutomation(rt, userId, postId);
  const now = rt.clock.now();
  const guard = and(eq(flows.id, flow.id), eq(flows.editSeq, flow.editSeq), isNull(flows.deletedAt));
  if (!armed) {
    const [[updated]] = await runFlowBatch(() =>
      rt.db.batch([
        rt.db
          .update(flows)
          .set({
            postArmed: false,
            armedVersionId: null,
            status: flow.status === "live" ? "off" : flow.status,
            editSeq: flow.editSeq + 1,
            updatedAt: now,
          })
          .where(guard)
          .returning(),
        stopRunsOfStoppedFlow(rt, flow.id),
      ]),
    );
    if (!updated) throw await lostGuard(rt, flow);
    return present(rt, updated);
  }
  if (flow.status === "live") return present(rt, flow);
  const { post, target } = await postAndTarget(rt, flow);
  const blocked = automationState(flow, post, target, []);
  if (blocked.state === "failed") throw flowStateError(blocked.problem!.message, { problem: blocked.problem });
  const problems = await flowProblems(rt, flow);
  if (problems.length > 0) throw hasProblems("set to turn on", problems);
  const pinned = versionHolding(flow.id, flow.contentHash);
  const liveNow = target?.status === "published" ? { status: "live" as const, liveVersionId: pinned } : {};
  const [, [updated]] = await runFlowBatch(() =>
    rt.db.batch([
      saveVersion(rt, flow, "armed"),
      rt.db
        .update(flows)
        .set({ postArmed: true, armedVersionId: pinned, ...liveNow, editSeq: flow.editSeq + 1, updatedAt: now })
        .where(and(guard, inArray(flows.status, ["draft", "off"])))
        .returning(),
    ]),
  );
  if (!updated) throw await lostGuard(rt, flow);
  return present(rt, updated);
}

/**
 * detach_post_automation: the flow no longer listens on the post (a live one is turned off, its executions under way
 * stopped: it listened only there).
 */
export async function detachAutomation(rt: Runtime, userId: string, postId: string) {
  const flow = await requireAutomation(rt, userId, postId);
  const [[updated]] = await runFlowBatch(() =>
    rt.db.batch([
      rt.db
        .update(flows)
        .set({
          postId: null,
          postArmed: false,
          armedVersionId: null,
          status: flow.status === "live" ? "off" : flow.status,
          editSeq: flow.editSeq + 1,
          updatedAt: rt.clock.now(),
        })
        .where(and(eq(flows.id, flow.id), eq(flows.editSeq, flow.editSeq)))
        .returning(),
      stopRunsOfStoppedFlow(rt, flow.id),
    ]),
  );
  if (!updated) throw await lostGuard(rt, flow);
  return { post_id: postId, flow_id: flow.id, flow_status: updated.status, detached: true as const };
}

/** What detaching would remove, for the confirmation: the automation as it is now (404 when there is none). */
export async function automationToDetach(rt: Runtime, userId: string, postId: string): Promise<PostAutomation> {
  return present(rt, await requireAutomation(rt, userId, postId));
}

/**
 * The statement that turns live the armed automations of published targets' posts and accounts, for the batch that
 * records them as published (an automation goes live only if its target really is published when the batch runs).
 */
export const automationsGoLive = (rt: Runtime, targetIds: readonly string[]) =>
  goLive(rt.db, { targetIds: JSON.stringify(targetIds), now: rt.clock.now() });

const goLive = fixedStatement<"targetIds" | "now">((db) =>
  db
    .update(flows)
    .set({
      status: "live",
      liveVersionId: sql`${flows.armedVersionId}`,
      runtimeProblem: null,
      editSeq: sql`${flows.editSeq} + 1`,
      updatedAt: placeholder("now"),
    })
    .where(
      and(
        inArray(
          sql`(${flows.accountId}, ${flows.postId})`,
          db
            .select({ accountId: postTargets.accountId, postId: postTargets.postId })
            .from(postTargets)
            .where(and(inJsonList(postTargets.id, "targetIds"), eq(notIndexed(postTargets.status), "published"))),
        ),
        eq(flows.postArmed, true),
        eq(flows.status, "draft"),
        isNull(flows.deletedAt),
      ),
    ),
);
