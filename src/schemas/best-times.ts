// Zod schemas of best times to post, and of posting slots made from them.
import { z } from "@hono/zod-openapi";
import { SlotSchema } from "./slots";

const Days = z.coerce
  .number()
  .int()
  .min(7)
  .max(365)
  .default(90)
  .openapi({ description: "How many days of history to read (7 to 365)", example: 90 });

export const BestTimesQuery = z.object({
  account_id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: "The account whose posts are read (its platform's siblings stand in when too few)" }),
  days: Days,
});

export const BestTimeCellSchema = z
  .object({
    weekday: z.number().int().openapi({ description: "0 Sunday … 6 Saturday, in `zone`" }),
    hour: z.number().int().openapi({ description: "0 … 23, in `zone`" }),
    posts: z.number().int().openapi({ description: "Posts published in this hour of the week in the sample" }),
    median_engagement: z
      .number()
      .openapi({ description: "Median of the posts' likes + comments + reposts, in `unit`" }),
    score: z.number().openapi({ description: "The cell's median against the sample's median: 1 is a typical post" }),
  })
  .openapi("BestTimeCell");

const answerFields = {
  basis: z.enum(["account", "workspace", "insufficient"]).openapi({
    description:
      "`account`: from the account's own posts; `workspace`: too few of its own, so from the workspace's accounts on the same platform; `insufficient`: too few either way, and no cells",
  }),
  zone: z.string().openapi({ description: "The owner's zone the weekdays and hours are in", example: "Europe/Berlin" }),
  days: z.number().int(),
  posts: z.number().int().openapi({ description: "Published posts with a metrics reading the answer rests on" }),
  minimum_posts: z.number().int().openapi({ description: "Posts needed before any answer is given" }),
  unit: z.enum(["per_1000_followers", "engagement"]).openapi({
    description:
      "`per_1000_followers` when every post's follower count at the time is known (daily snapshots), else raw engagement",
  }),
  cells: z
    .array(BestTimeCellSchema)
    .openapi({ description: "Best first; only cells with at least 2 posts; at most 10" }),
  message: z.string().openapi({ description: 'The answer in words ("Not enough posts yet: …")' }),
};

export const BestTimesSchema = z.object({ account_id: z.string(), ...answerFields }).openapi("BestTimes");

export const SlotsFromBestTimesBody = z
  .object({
    account_ids: z.array(z.string().min(1).max(100)).min(1).max(50),
    count: z.number().int().min(1).max(10).openapi({ description: "How many slots to create (at most)" }),
    days: Days.openapi({ description: "History to read, as for best times (default 90)" }),
  })
  .strict()
  .openapi("SlotsFromBestTimesRequest");

export const SlotsFromBestTimesSchema = z
  .object({
    basis: answerFields.basis,
    zone: answerFields.zone,
    cells: z.array(BestTimeCellSchema).openapi({ description: "The cells the slots were made at" }),
    slots: z.array(SlotSchema).openapi({ description: "The slots created (fewer than `count` when fewer cells rank)" }),
  })
  .openapi("SlotsFromBestTimes");
