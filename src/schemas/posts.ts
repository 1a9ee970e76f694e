// Zod schemas of posts: targets, media, overrides, create, bulk and update bodies, a post, its list, dry runs.
import { z } from "@hono/zod-openapi";
import { TARGET_STATUSES } from "../db/schema";
import { PlatformKeySchema } from "./accounts";
import { PostAutomationSchema } from "./automation";
import { QueryFlag, Timestamp } from "./common";
import { RepeatSchema, RepeatStoppedSchema } from "./repeat";
import { UtmSchema } from "./utm";

/** Accounts one post goes to, and media items on it. */
export const MAX_TARGETS = 50;
export const MAX_MEDIA = 20;
/** Follow-up segments of a thread, after the post itself. */
export const MAX_THREAD_SEGMENTS = 25;

const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

const mediaFields = {
  type: z.enum(["image", "video", "document"]).openapi({
    description: "With `url`: `image` or `video`. With `media_id` it is the library item's (a `document` is a PDF)",
  }),
  media_id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: "A media library item (`med_…`), instead of `url`", example: "med_3hZ0cQ8vXb1mK2pLr9Ta" }),
  url: HttpUrl,
  title: z
    .string()
    .min(1)
    .max(400)
    .optional()
    .openapi({ description: "Documents only: the title of a LinkedIn document post (default: the file's name)" }),
  alt_text: z.string().max(10_000).optional().openapi({ description: "Images only; at most 1,000 characters" }),
  cover_url: HttpUrl.optional().openapi({ description: "Videos only: an image used as the cover" }),
  cover_time_ms: z
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .optional()
    .openapi({ description: "Videos only: the frame time used as the cover" }),
};

/** A media item as a post is given it: a `url` with its `type`, or a library item's `media_id`; exactly one. */
export const MediaItemInputSchema = z
  .object({
    ...mediaFields,
    type: mediaFields.type.optional(),
    media_id: mediaFields.media_id.optional(),
    url: HttpUrl.optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if ((item.url === undefined) === (item.media_id === undefined)) {
      ctx.addIssue({ code: "custom", path: ["media_id"], message: "give exactly one of url and media_id" });
    } else if (item.url !== undefined && item.type === undefined) {
      ctx.addIssue({ code: "custom", path: ["type"], message: "required with url" });
    } else if (item.url !== undefined && item.type === "document") {
      ctx.addIssue({ code: "custom", path: ["type"], message: "documents come from the media library (media_id)" });
    }
  })
  .openapi("MediaItemInput");

/** A post's media item as stored and shown: library items carry their `media_id` and their address as `url`. */
export const MediaItemSchema = z
  .object({ ...mediaFields, media_id: mediaFields.media_id.optional() })
  .openapi("MediaItem");

const segmentText = z.string().max(100_000);

/** A follow-up segment as a post is given it. */
export const ThreadSegmentInputSchema = z
  .object({ text: segmentText.default(""), media: z.array(MediaItemInputSchema).max(MAX_MEDIA).default([]) })
  .strict()
  .openapi("ThreadSegmentInput", { description: "A follow-up segment: posted as a reply to the segment before it" });

/** A follow-up segment as stored and shown. */
export const ThreadSegmentSchema = z
  .object({ text: z.string(), media: z.array(MediaItemSchema) })
  .openapi("ThreadSegment");

const threadDescription =
  "Follow-up segments (1 to 25), each posted as a reply to the one before; the post's `text` and `media` are the first. `[]` means none";

export const ThreadInputSchema = z
  .array(ThreadSegmentInputSchema)
  .max(MAX_THREAD_SEGMENTS)
  .openapi({ description: threadDescription });

export const FirstCommentSchema = z
  .object({ text: z.string().min(1).max(10_000) })
  .strict()
  .openapi("FirstComment", { description: "Posted under the published post, after the whole thread" });

export const TargetInputSchema = z
  .object({
    platform: PlatformKeySchema,
    account_id: z.string().min(1).max(100),
    metadata: z
      .record(z.string(), z.unknown())
      .default({})
      .openapi({ description: "`destination_id` and the platform's own options" }),
  })
  .strict()
  .openapi("PostTargetInput");

const overrideFields = {
  detached: z.boolean().optional().openapi({
    description: "true keeps this platform's own text and media; shared edits no longer change it",
  }),
  text: z.string().max(100_000).optional().openapi({ description: "The platform's own text (while detached)" }),
  media: z
    .array(MediaItemSchema)
    .max(MAX_MEDIA)
    .optional()
    .openapi({ description: "The platform's own media (while detached)" }),
  signature_id: z.string().min(1).max(100).optional(),
  title: z.string().min(1).max(300).optional(),
  body: z.string().max(500_000).optional().openapi({ description: "Article body, Markdown" }),
  canonical_url: HttpUrl.optional(),
  cover_image: HttpUrl.optional(),
  tags: z.array(z.string().min(1).max(50)).max(10).optional(),
  thread: z.array(ThreadSegmentSchema).max(MAX_THREAD_SEGMENTS).optional().openapi({
    description: "A detached platform's own follow-up segments; `[]` means no thread on this platform",
  }),
  first_comment: FirstCommentSchema.nullable()
    .optional()
    .openapi({ description: "This platform's own first comment; `null` means none on it" }),
};

export const PlatformOverrideSchema = z.object(overrideFields).strict().openapi("PlatformOverride");

export const PlatformOverrideInputSchema = z
  .object({
    ...overrideFields,
    media: z
      .array(MediaItemInputSchema)
      .max(MAX_MEDIA)
      .optional()
      .openapi({ description: "The platform's own media (while detached)" }),
    thread: ThreadInputSchema.optional().openapi({
      description: "A detached platform's own follow-up segments; `[]` means no thread on this platform",
    }),
  })
  .strict()
  .openapi("PlatformOverrideInput");

export const PollSchema = z
  .strictObject({
    options: z.array(z.string().trim().min(1).max(100)).min(2).max(4),
    duration_minutes: z.number().int().min(1).max(46_080),
  })
  .openapi("Poll", {
    description:
      "A native poll (X, Mastodon, Telegram, Discord): each platform's option length and duration limits are checked per target when the post is scheduled; other platforms refuse it (`poll_not_supported`)",
  });

const postFields = {
  text: z.string().max(100_000),
  platforms: z.array(TargetInputSchema).min(1).max(MAX_TARGETS),
  schedule_type: z.enum(["scheduled", "immediate"]).openapi({ description: "Neither makes a draft" }),
  scheduled_at: z.string().max(40).openapi({
    description: "ISO 8601. Without an offset it is a wall-clock time in `timezone`.",
    example: "2026-12-01T09:30:00Z",
  }),
  timezone: z.string().min(1).max(64).openapi({ example: "Europe/Berlin" }),
  media: z.array(MediaItemInputSchema).max(MAX_MEDIA),
  platform_overrides: z.partialRecord(PlatformKeySchema, PlatformOverrideInputSchema),
  utm: UtmSchema.nullable().openapi({
    description:
      "The post's UTM parameters for its links; null or left out: the workspace default (`PUT /settings/utm`); `{}`: none",
  }),
  thread: ThreadInputSchema,
  first_comment: FirstCommentSchema.nullable().openapi({ description: "`null` removes it (on an update)" }),
  poll: PollSchema,
  repeat: RepeatSchema.nullable().openapi({
    description:
      "Makes the post evergreen (see Repeat); null: no more copies. A PATCH carrying only `repeat` also works on a published post",
  }),
};

export const PostCreateSchema = z
  .object({
    ...postFields,
    text: postFields.text.default(""),
    schedule_type: postFields.schedule_type.optional(),
    scheduled_at: postFields.scheduled_at.optional(),
    timezone: postFields.timezone.optional(),
    media: postFields.media.default([]),
    platform_overrides: postFields.platform_overrides.default({}),
    utm: postFields.utm.optional(),
    thread: postFields.thread.default([]),
    first_comment: postFields.first_comment.optional(),
    poll: postFields.poll.optional(),
    repeat: postFields.repeat.optional(),
    next_slot: z.boolean().optional().openapi({
      description:
        "true schedules the post into the next free posting slot of its accounts (held with it, atomically); not with `scheduled_at`. 404 `no_slots` / `no_free_slot` as find-slot.",
    }),
    nextSlot: z.boolean().optional().openapi({ description: "The same as `next_slot`" }),
  })
  .strict()
  .openapi("PostCreate");

/** A row of a bulk create: next-slot scheduling is one post at a time. */
export const BulkPostRowSchema = PostCreateSchema.omit({ next_slot: true, nextSlot: true });

export const PostUpdateSchema = z
  .object({ ...postFields, poll: postFields.poll.nullable().openapi({ description: "null removes the poll" }) })
  .partial()
  .strict()
  .openapi("PostUpdate", { description: "Fields given replace the post's; a platform's override is replaced whole" });

export type PostCreateInput = z.infer<typeof PostCreateSchema>;
export type PostUpdateInput = z.infer<typeof PostUpdateSchema>;

export const POST_STATUSES = [
  "draft",
  "scheduled",
  "waiting_for_approval",
  "publishing",
  "published",
  "failed",
] as const;

/** The public state of a segment or first comment: claimed and in flight shows as pending. */
const STEP_VIEW_STATUSES = ["pending", "published", "failed"] as const;
const StepError = z.object({ code: z.string(), message: z.string() }).nullable();

const TargetSegmentSchema = z
  .object({
    index: z.number().int().openapi({ description: "0 is the post itself; then the thread's segments in order" }),
    status: z.enum(STEP_VIEW_STATUSES),
    platform_post_id: z.string().nullable(),
    url: z.string().nullable(),
    error: StepError,
  })
  .openapi("TargetSegment");

const TargetFirstCommentSchema = z
  .object({ status: z.enum(STEP_VIEW_STATUSES), platform_comment_id: z.string().nullable(), error: StepError })
  .openapi("TargetFirstComment");

const PostTargetSchema = z
  .object({
    platform: PlatformKeySchema,
    account_id: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    status: z.enum(TARGET_STATUSES),
    platform_post_id: z.string().nullable(),
    url: z.string().nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    attempts: z.number().int(),
    published_at: z.string().nullable(),
    segments: z
      .array(TargetSegmentSchema)
      .openapi({ description: "What went out to this account, segment by segment" }),
    first_comment: TargetFirstCommentSchema.optional().openapi({ description: "When the target has a first comment" }),
  })
  .openapi("PostTarget");

export const PostSchema = z
  .object({
    id: z.string().openapi({ example: "post_3hZ0cQ8vXb1mK2pLr9Ta" }),
    status: z.enum(POST_STATUSES),
    text: z.string(),
    schedule_type: z.enum(["draft", "scheduled", "immediate"]),
    scheduled_at: z.string().nullable(),
    timezone: z.string().nullable(),
    media: z.array(MediaItemSchema),
    platform_overrides: z.record(z.string(), PlatformOverrideSchema),
    thread: z.array(ThreadSegmentSchema),
    first_comment: FirstCommentSchema.nullable(),
    poll: PollSchema.nullable(),
    platforms: z.array(PostTargetSchema),
    utm: UtmSchema.nullable().openapi({ description: "The post's own UTM parameters (null: the workspace default)" }),
    repeat: RepeatSchema.nullable().openapi({ description: "On an evergreen original: how its copies come back" }),
    repeat_of: z
      .string()
      .nullable()
      .openapi({ description: "On a copy of an evergreen post: the original it repeats (its rule applies)" }),
    repeat_stopped: RepeatStoppedSchema,
    approval: z.enum(["requested", "approved", "changes_requested"]).nullable().openapi({
      description:
        "Approve-before-publish: null until the post is sent for approval (`POST /posts/{id}/request-approval`); then the last step of its review",
    }),
    approval_comment: z
      .string()
      .nullable()
      .openapi({ description: "What the reviewer asked to change, kept on the post until it is approved" }),
    created_at: z.string(),
    updated_at: z.string(),
    automation: PostAutomationSchema.optional().openapi({
      description: "The flow that listens for comments on this post (one post's answer only, not lists)",
    }),
  })
  .openapi("Post");

export const DryRunSchema = z
  .object({
    dry_run: z.literal(true),
    status: z.enum(POST_STATUSES),
    scheduled_at: z.string().nullable(),
    platforms: z.array(
      z.object({
        platform: PlatformKeySchema,
        account_id: z.string(),
        text: z.string(),
        text_length: z.number().int(),
        text_limit: z.number().int(),
        destination_id: z.string().nullable(),
        media: z.array(z.record(z.string(), z.unknown())).openapi({
          description:
            "Only the fields this platform is sent. Where it needs a copy of a library image (smaller, or JPEG) that is not made yet, the item has `url: null`, `variantOf` (the original) and `maxBytes`: a dry run makes no copy, saving the post does",
        }),
        options: z.record(z.string(), z.unknown()),
        article: z.record(z.string(), z.unknown()).nullable(),
        segments: z
          .array(
            z.object({
              index: z.number().int(),
              text: z.string(),
              text_length: z.number().int(),
              text_limit: z.number().int(),
              media: z.array(z.record(z.string(), z.unknown())),
            }),
          )
          .openapi({
            description: "In the order they go out: 0 is the post itself, each next a reply to the one before",
          }),
        first_comment: z
          .object({ text: z.string(), text_length: z.number().int(), text_limit: z.number().int() })
          .nullable(),
      }),
    ),
  })
  .openapi("PostDryRun");

export const PostListQuery = z.object({
  status: z.enum(POST_STATUSES).optional(),
  since: Timestamp.optional().openapi({ description: "Only posts created at or after this time" }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type PostListQueryInput = z.infer<typeof PostListQuery>;

export const DryRunQuery = z.object({
  dry_run: QueryFlag.optional().openapi({ description: "true validates and answers what would happen" }),
});

export const BULK_LIMIT = 100;
