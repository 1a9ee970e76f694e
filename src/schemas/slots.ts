// Zod schemas of posting slots: create and update bodies, a slot, occurrences and find-slot.
import { z } from "@hono/zod-openapi";
import { IdListQuery, Timestamp } from "./common";

const AccountIds = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(50)
  .openapi({ description: "The accounts the slot posts for" });

const slotFields = {
  account_ids: AccountIds,
  weekday: z.number().int().min(0).max(6).openapi({ description: "0 Sunday … 6 Saturday" }),
  time: z
    .string()
    .max(10)
    .openapi({ description: "Wall-clock time HH:mm in `timezone` (or send `minutes`)", example: "09:30" }),
  minutes: z.number().int().min(0).max(1439).openapi({ description: "Minutes after midnight, instead of `time`" }),
  timezone: z.string().min(1).max(64).openapi({ example: "Europe/Berlin" }),
};

export const SlotCreateSchema = z
  .object({ ...slotFields, time: slotFields.time.optional(), minutes: slotFields.minutes.optional() })
  .strict()
  .openapi("PostingSlotCreate", { description: "Send `time` or `minutes`" });
export type SlotCreateInput = z.infer<typeof SlotCreateSchema>;

export const SlotUpdateSchema = z
  .object(slotFields)
  .partial()
  .strict()
  .openapi("PostingSlotUpdate", { description: "Fields given replace the slot's" });
export type SlotUpdateInput = z.infer<typeof SlotUpdateSchema>;

export const SlotSchema = z
  .object({
    id: z.string().openapi({ example: "slot_3hZ0cQ8vXb1mK2pLr9Ta" }),
    account_ids: z.array(z.string()),
    weekday: z.number().int(),
    time: z.string().openapi({ example: "09:30" }),
    minutes: z.number().int(),
    timezone: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("PostingSlot");

const AccountIdsParam = IdListQuery.optional().openapi({ description: "Comma-separated account ids" });

export const SlotListQuery = z.object({ account_ids: AccountIdsParam });

const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD")
  .openapi({ example: "2026-12-01" });

export const OccurrenceQuerySchema = z.object({
  from: DateParam,
  to: DateParam.openapi({ description: "Inclusive; at most 92 days after `from`" }),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "The zone of `from`, `to` and the wall clock shown (UTC by default)" }),
  account_ids: AccountIdsParam,
});
export type OccurrenceQueryInput = z.infer<typeof OccurrenceQuerySchema>;

export const OccurrenceSchema = z
  .object({
    slot_id: z.string(),
    account_ids: z.array(z.string()),
    at: z.string().openapi({ description: "UTC instant", example: "2026-12-01T08:30:00.000Z" }),
    date: z.string().openapi({ description: "Wall-clock date in `timezone`", example: "2026-12-01" }),
    time: z.string().openapi({ description: "Wall-clock time in `timezone`", example: "09:30" }),
    weekday: z.number().int().openapi({ description: "Weekday in `timezone`, 0 Sunday" }),
    timezone: z.string().openapi({ description: "The zone asked for" }),
    slot_timezone: z.string(),
    taken: z.boolean().openapi({ description: "A scheduled, waiting or publishing post is within 5 minutes" }),
    taken_by: z.string().nullable().openapi({ description: "That post's id" }),
    reserved_until: z.string().nullable().openapi({ description: "Held by find-slot until then" }),
  })
  .openapi("PostingSlotOccurrence");

export const FindSlotQuery = z.object({
  account_ids: AccountIdsParam,
  after: Timestamp.optional().openapi({ description: "Look for slots after this time (default now)" }),
});

export const FindSlotSchema = z
  .object({
    at: z.string().openapi({ example: "2026-12-01T08:30:00.000Z" }),
    slotId: z.string(),
    slot_id: z.string().openapi({ description: "The same as `slotId`" }),
    timezone: z.string().openapi({ description: "The slot's zone" }),
    held: z.boolean().openapi({
      description:
        "Whether the slot is held for you: false for a credential without `posts:write`, which holds nothing",
    }),
    reserved_until: z
      .string()
      .nullable()
      .openapi({ description: "The slot is held for you until then; null when it is not held" }),
  })
  .openapi("FoundSlot");
