// Agent tools for scheduled posts: create, update, read and list them, with inputs in camelCase.
import { z } from "@hono/zod-openapi";
import type { PlatformOverride } from "../../db/schema";
import { validationError } from "../../lib/errors";
import type { PlatformKey } from "../../platforms/catalog";
import { PlatformKeySchema } from "../../schemas/accounts";
import { IdParam } from "../../schemas/common";
import {
  FirstCommentSchema,
  MAX_MEDIA,
  MAX_TARGETS,
  MAX_THREAD_SEGMENTS,
  MediaItemInputSchema,
  PlatformOverrideSchema,
  PollSchema,
  PostCreateSchema,
  PostListQuery,
  PostSchema,
  PostUpdateSchema,
  TargetInputSchema,
} from "../../schemas/posts";
import { RepeatSchema } from "../../schemas/repeat";
import { createPost, getPost, listPosts, updatePost } from "../../services/posts/store";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

const ARTICLE_FIELDS = ["title", "body", "canonical_url", "cover_image", "tags"] as const;
type ArticleFields = Pick<PlatformOverride, (typeof ARTICLE_FIELDS)[number]>;

const Article = z
  .object(camelShape(PlatformOverrideSchema.shape, ARTICLE_FIELDS))
  .strict()
  .describe("Article fields, for platforms that publish articles (dev.to, Hashnode, WordPress, X Articles, …)");
type ArticleInput = z.infer<typeof Article>;

const Media = z
  .object(camelShape(MediaItemInputSchema.shape))
  .strict()
  .describe(
    "A media item: `url` with its `type`, or `mediaId` of a media library item (see upload_media), exactly one",
  );

const Segment = z
  .object({ text: z.string().max(100_000).default(""), media: z.array(Media).max(MAX_MEDIA).optional() })
  .strict()
  .describe("A follow-up segment: posted as a reply to the segment before it");

const Thread = z
  .array(Segment)
  .max(MAX_THREAD_SEGMENTS)
  .describe(
    "Follow-up segments (1 to 25) on X, Bluesky, Threads and Mastodon, each a reply to the one before; `text` and `media` are the first. `[]` removes the thread",
  );

const FirstComment = FirstCommentSchema.nullable().describe(
  "Posted under the published post once its thread is out (Instagram, Facebook, LinkedIn, YouTube, X, Bluesky, Threads, Mastodon); null removes it",
);

const Target = z.object(camelShape(TargetInputSchema.shape, ["platform", "account_id", "metadata"])).strict();
const TARGET = "One account the post goes to; `metadata` holds `destination_id` and the platform's options";

const DetachedPlatforms = z
  .array(PlatformKeySchema)
  .max(MAX_TARGETS)
  .describe(
    "Platforms that keep their own copy of the text and media: later edits of the shared text leave them alone",
  );

const Repeat = z
  .object(camelShape(RepeatSchema.shape))
  .strict()
  .describe(
    "Evergreen: after each publish a copy is scheduled into the accounts' next free posting slot at least `everyDays` later (the same time of day without slots), rotating through `variations` with the original's text; stops after `times` copies, after `until` (YYYY-MM-DD), when the original is deleted or its repeat set to null, or when a copy fails. X needs `variations`",
  );
type RepeatInput = z.infer<typeof Repeat>;

const snakeRepeat = (r: RepeatInput | null | undefined) =>
  r && { every_days: r.everyDays, times: r.times, until: r.until, variations: r.variations };

const postFields = {
  text: PostCreateSchema.shape.text,
  scheduleType: PostCreateSchema.shape.schedule_type,
  scheduledAt: PostCreateSchema.shape.scheduled_at,
  timezone: PostCreateSchema.shape.timezone,
  media: z.array(Media).max(MAX_MEDIA).optional(),
  detachedPlatforms: DetachedPlatforms.optional(),
  thread: Thread.optional(),
  firstComment: FirstComment.optional(),
  poll: z
    .strictObject({
      options: PollSchema.shape.options,
      durationMinutes: PollSchema.shape.duration_minutes,
    })
    .optional()
    .describe(
      "A native poll (X, Mastodon, Telegram, Discord; the text is the question on Telegram and Discord); refused per target elsewhere (poll_not_supported)",
    ),
  repeat: Repeat.nullable().optional(),
};

const snakePoll = (poll: { options: string[]; durationMinutes: number } | null | undefined) =>
  poll ? { options: poll.options, duration_minutes: poll.durationMinutes } : poll;

const snakeArticle = (a: ArticleInput): ArticleFields => ({
  title: a.title,
  body: a.body,
  canonical_url: a.canonicalUrl,
  cover_image: a.coverImage,
  tags: a.tags,
});

const snakeMedia = (media: z.infer<typeof Media>[] | undefined) =>
  media?.map((m) => ({
    type: m.type,
    url: m.url,
    media_id: m.mediaId,
    title: m.title,
    alt_text: m.altText,
    cover_url: m.coverUrl,
    cover_time_ms: m.coverTimeMs,
  }));

const snakeThread = (thread: z.infer<typeof Thread> | undefined) =>
  thread?.map((segment) => ({ text: segment.text, media: snakeMedia(segment.media) ?? [] }));

const snakeTargets = (targets: z.infer<typeof Target>[] | undefined) =>
  targets?.map((t) => ({ platform: t.platform, account_id: t.accountId, metadata: t.metadata }));

/** A platform's override without its article fields. */
function withoutArticle(override: PlatformOverride | undefined): PlatformOverride {
  const { title: _t, body: _b, canonical_url: _c, cover_image: _i, tags: _g, ...rest } = override ?? {};
  return rest;
}

type Overrides = Partial<Record<PlatformKey, PlatformOverride>>;

/**
 * `detachedPlatforms` is the whole list: the platforms named are detached, every other one follows the shared
 * text again (dropping the copy it kept while detached).
 */
function applyDetached(overrides: Overrides, detached: PlatformKey[]): Overrides {
  const out: Overrides = {};
  for (const platform of new Set([...(Object.keys(overrides) as PlatformKey[]), ...detached])) {
    const { detached: _, text, media, ...rest } = overrides[platform] ?? {};
    const next = detached.includes(platform) ? { ...rest, detached: true, text, media } : rest;
    if (Object.values(next).some((v) => v !== undefined)) out[platform] = next;
  }
  return out;
}

export const createScheduledPostTool = defineTool({
  name: "create_scheduled_post",
  title: "Create a post",
  description:
    "Creates a post for one or more accounts. `scheduleType: scheduled` with `scheduledAt` (ISO 8601; without an offset it is wall-clock time in `timezone`) schedules it; `nextSlot: true` puts it into the next free posting slot of its accounts; `immediate` publishes now; neither makes a draft. Text longer than an account's `text_limit` is refused now, never at publish time. Media items take `altText` (images), `coverUrl` or `coverTimeMs` (videos); an `article` on a target sets that platform's article fields; `detachedPlatforms` keeps those platforms' own copy of text and media; `repeat` makes it evergreen. `thread` adds follow-up segments, each a reply to the one before (each held to the account's limit, its index named when it is not); `firstComment` goes under the post once it is out, and its failure never fails the post.",
  input: z
    .object({
      ...postFields,
      platforms: z
        .array(Target.extend({ article: Article.optional() }).describe(TARGET))
        .min(1)
        .max(MAX_TARGETS),
      nextSlot: PostCreateSchema.shape.nextSlot.describe(
        "true schedules the post into the next free posting slot of its accounts (not with `scheduledAt`)",
      ),
    })
    .strict(),
  output: PostSchema,
  scopes: ["posts:write"],
  readOnly: false,
  idempotent: false,
  openWorld: true,
  run: ({ rt, principal }, input) => {
    const overrides: Overrides = {};
    input.platforms.forEach((target, i) => {
      if (!target.article) return;
      const article = snakeArticle(target.article);
      const other = overrides[target.platform];
      if (other && JSON.stringify(other) !== JSON.stringify(article)) {
        throw validationError(
          `platforms.${i}.article`,
          `differs from another ${target.platform} target's: articles are per platform`,
        );
      }
      overrides[target.platform] = article;
    });
    const body = asRestInput(PostCreateSchema, {
      text: input.text,
      platforms: snakeTargets(input.platforms) ?? [],
      schedule_type: input.scheduleType,
      scheduled_at: input.scheduledAt,
      timezone: input.timezone,
      media: snakeMedia(input.media),
      thread: snakeThread(input.thread),
      first_comment: input.firstComment,
      platform_overrides: applyDetached(overrides, input.detachedPlatforms ?? []),
      poll: snakePoll(input.poll) ?? undefined,
      repeat: snakeRepeat(input.repeat),
      next_slot: input.nextSlot,
    });
    return createPost(rt, principal, body);
  },
});

export const updateScheduledPostTool = defineTool({
  name: "update_scheduled_post",
  title: "Edit a post",
  description:
    "Edits a draft or scheduled post: fields given replace the post's, and changing `scheduleType`, `scheduledAt` or `timezone` schedules it again. `articles` sets article fields by platform (others keep theirs); `detachedPlatforms`, when given, is the full list of platforms that keep their own text and media (the rest follow the shared text again). `thread` replaces the thread (`[]`: none), `firstComment` the first comment (null: none). A post that is publishing or published cannot change (`state_error`), except its `repeat` alone: null stops an evergreen post's copies.",
  input: z
    .object({
      postId: IdParam.shape.id,
      ...postFields,
      text: PostUpdateSchema.shape.text,
      poll: postFields.poll.unwrap().nullable().optional().describe("A new poll, or null to remove it"),
      platforms: z.array(Target.describe(TARGET)).min(1).max(MAX_TARGETS).optional(),
      articles: z
        .partialRecord(PlatformKeySchema, Article)
        .optional()
        .describe("Article fields by platform, each replacing that platform's article"),
    })
    .strict(),
  output: PostSchema,
  scopes: ["posts:write"],
  readOnly: false,
  idempotent: true,
  openWorld: true,
  run: async ({ rt, principal }, { postId, articles, detachedPlatforms, ...input }) => {
    let overrides: Overrides | undefined;
    if (articles || detachedPlatforms) {
      overrides = { ...(await getPost(rt, principal.userId, postId)).platform_overrides } as Overrides;
      for (const [platform, article] of Object.entries(articles ?? {}) as [PlatformKey, ArticleInput][]) {
        overrides[platform] = { ...withoutArticle(overrides[platform]), ...snakeArticle(article) };
      }
      if (detachedPlatforms) overrides = applyDetached(overrides, detachedPlatforms);
    }
    const body = asRestInput(PostUpdateSchema, {
      text: input.text,
      platforms: snakeTargets(input.platforms),
      schedule_type: input.scheduleType,
      scheduled_at: input.scheduledAt,
      timezone: input.timezone,
      media: snakeMedia(input.media),
      thread: snakeThread(input.thread),
      first_comment: input.firstComment,
      platform_overrides: overrides,
      poll: snakePoll(input.poll),
      repeat: snakeRepeat(input.repeat),
    });
    return updatePost(rt, principal, postId, body);
  },
});

export const getScheduledPostTool = defineTool({
  name: "get_scheduled_post",
  title: "Get a post",
  description:
    "One post with each target's state (`platforms[].status`, the platform's post id and URL once live, the error when it failed), each target's `segments` (index 0 the post itself, then its thread's, each `pending`, `published` with its id and URL, or `failed` with its error) and `first_comment`, and its `automation` when it has one.",
  input: z.object({ postId: IdParam.shape.id }).strict(),
  output: PostSchema,
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { postId }) => getPost(rt, principal.userId, postId),
});

export const listScheduledPostsTool = defineTool({
  name: "list_scheduled_posts",
  title: "List posts",
  description:
    "The user's posts, newest first, a page at a time (`status` filters, e.g. `scheduled` or `published`). Pass `nextCursor` back as `cursor` for the next page; it is null on the last.",
  input: z.object(camelShape(PostListQuery.shape)).strict(),
  output: z.object({ posts: z.array(PostSchema), nextCursor: z.string().nullable() }),
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, query) => {
    const page = await listPosts(rt, principal.userId, query);
    return { posts: page.data, nextCursor: page.next_cursor };
  },
});
