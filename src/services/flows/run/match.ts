// Which live flow an inbound comment or message starts: triggers and keywords, folded.
import { and, asc, eq, isNull } from "drizzle-orm";
import { flows, flowVersions, postTargets } from "../../../db/schema";
import type { InboundEvent } from "../../../queues/inbound";
import type { TriggerData } from "../../../schemas/flow-steps";
import type { Runtime } from "../../runtime";
import type { FlowEdge, FlowStep } from "../model";
import { triggerOf } from "../problems";

/**
 * Which live flow an inbound comment or message starts: the trigger of each live flow's pinned version, compared
 * with keywords folded (case and accents), `contains` / `exact` / `any`, and comment triggers limited to their posts.
 */

/** Case and accents folded, spaces squeezed: "Guía  GRATIS" and "guia gratis" are the same keyword. */
export const fold = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** The trigger kind each inbound kind can start. */
const TRIGGER_OF_KIND = {
  comment: "comment_keyword",
  message: "dm_keyword",
  story_reply: "story_reply",
  story_mention: "story_mention",
} as const;

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/** `keyword` (folded) appears in `text` (folded) as whole words: "guide" is in "the guide!", not in "guidelines". */
function containsWords(text: string, keyword: string): boolean {
  for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1)) {
    const before = text[at - 1];
    const after = text[at + keyword.length];
    const startsWord = !isWordChar(keyword[0]) || !isWordChar(before);
    const endsWord = !isWordChar(keyword[keyword.length - 1]) || !isWordChar(after);
    if (startsWord && endsWord) return true;
  }
  return false;
}

/** Whether a trigger's config answers the event. `postMediaId` limits a scheduled post's automation to its post. */
export function triggerMatches(
  config: TriggerData["config"],
  event: Pick<InboundEvent, "kind" | "text" | "mediaId">,
  postMediaId: string | null = null,
): boolean {
  if (config.kind !== TRIGGER_OF_KIND[event.kind]) return false;
  if (event.kind === "comment") {
    const posts = postMediaId ? [postMediaId] : (config.media_ids ?? []);
    if (posts.length > 0 && !(event.mediaId && posts.includes(event.mediaId))) return false;
  }
  if (config.match === "any") return true;
  const keywords = config.keywords.map(fold).filter((k) => k !== "");
  // Story replies and mentions with no keywords answer every one (a keyword trigger without any is a problem).
  if (keywords.length === 0) return config.kind === "story_reply" || config.kind === "story_mention";
  const text = fold(event.text);
  return config.match === "exact" ? keywords.includes(text) : keywords.some((k) => containsWords(text, k));
}

/** A live flow of the account as the runner needs it: its pinned version's content. */
export interface LiveFlow {
  flowId: string;
  flowName: string;
  userId: string;
  platform: string;
  versionId: string;
  steps: FlowStep[];
  edges: FlowEdge[];
  /** A scheduled post's automation listens on its post only: the post's id on the platform. */
  postMediaId: string | null;
}

/** The account's live flows, oldest first, with the version each runs. */
export async function liveFlowsOf(rt: Runtime, accountId: string): Promise<LiveFlow[]> {
  const rows = await rt.db
    .select({
      flowId: flows.id,
      flowName: flows.name,
      userId: flows.userId,
      platform: flows.platform,
      postId: flows.postId,
      versionId: flowVersions.id,
      steps: flowVersions.steps,
      edges: flowVersions.edges,
      postMediaId: postTargets.platformPostId,
    })
    .from(flows)
    .innerJoin(flowVersions, eq(flowVersions.id, flows.liveVersionId))
    .leftJoin(postTargets, and(eq(postTargets.postId, flows.postId), eq(postTargets.accountId, flows.accountId)))
    .where(and(eq(flows.accountId, accountId), eq(flows.status, "live"), isNull(flows.deletedAt)))
    .orderBy(asc(flows.createdAt), asc(flows.id));
  return rows.map(({ postId, postMediaId, ...row }) => ({
    ...row,
    // A post's automation whose post has no platform id yet answers nothing.
    postMediaId: postId ? (postMediaId ?? `unpublished:${postId}`) : null,
  }));
}

/** The first live flow (oldest) whose trigger answers the event, if any. */
export function matchFlow(live: LiveFlow[], event: Pick<InboundEvent, "kind" | "text" | "mediaId">) {
  return live.find((flow) => {
    const trigger = triggerOf({ steps: flow.steps, edges: flow.edges });
    return trigger !== undefined && triggerMatches(trigger.data.config, event, flow.postMediaId);
  });
}
