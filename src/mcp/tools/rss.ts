// Agent tools for RSS feeds: list them and update one (never into `ai_schedule`, the owner's choice).
import { z } from "@hono/zod-openapi";
import { IdParam } from "../../schemas/common";
import { RSS_MODES, RssFeedSchema, RssFeedUpdateSchema } from "../../schemas/rss";
import { getFeed, listFeeds, updateFeed } from "../../services/rss/feeds";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

/** The modes an agent may set: `ai_schedule` publishes without a person looking, so only the user turns it on. */
const AGENT_MODES = RSS_MODES.filter((m) => m !== "ai_schedule");
const OWNER_ONLY_MODE =
  "ai_schedule can only be turned on by the user, in Herald or over the REST API (PATCH /api/v1/rss-feeds/{id}); agents may set draft or ai_draft";

const { template, ...fields } = RssFeedUpdateSchema.shape;
const Template = template.unwrap().unwrap().shape;

export const listRssFeedsTool = defineTool({
  name: "list_rss_feeds",
  title: "List RSS feeds",
  description:
    "The user's RSS and Atom feeds: mode (`draft`, `ai_draft`, `ai_schedule`), template, image, `daily_cap` and `today_count`, status (`active`, `paused`, `stopped` after 5 failed checks) and the last error.",
  input: z.object({}).strict(),
  output: z.object({ feeds: z.array(RssFeedSchema) }),
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }) => ({ feeds: await listFeeds(rt, principal.userId) }),
});

export const updateRssFeedTool = defineTool({
  name: "update_rss_feed",
  title: "Change an RSS feed",
  description: `Pause (\`paused: true\`) or resume a feed (a stopped feed is checked again), or change its mode, the AI's \`instructions\` and \`tone\`, \`image\` (none, feed, ai), \`accountIds\` or \`dailyCap\` (AI posts a day, 1 to 50). ${OWNER_ONLY_MODE}.`,
  input: z
    .object({
      feedId: IdParam.shape.id,
      ...camelShape(fields, ["paused", "image", "account_ids", "daily_cap"]),
      mode: z.enum(AGENT_MODES, { error: OWNER_ONLY_MODE }).optional(),
      instructions: Template.instructions.optional().describe("What the AI writing the posts should do"),
      tone: Template.tone.optional().describe("The tone of AI-written posts"),
    })
    .strict(),
  output: RssFeedSchema,
  scopes: ["posts:write"],
  readOnly: false,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, { feedId, instructions, tone, ...input }) => {
    const current =
      instructions === undefined && tone === undefined ? undefined : await getFeed(rt, principal.userId, feedId);
    const body = asRestInput(RssFeedUpdateSchema, {
      paused: input.paused,
      mode: input.mode,
      image: input.image,
      account_ids: input.accountIds,
      daily_cap: input.dailyCap,
      template: current && {
        instructions: instructions ?? current.template?.instructions ?? "",
        tone: tone ?? current.template?.tone ?? "",
      },
    });
    return updateFeed(rt, principal.userId, feedId, body);
  },
});
