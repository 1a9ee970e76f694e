// Zod schema of an evergreen post's repeat rule: how often its copies come back, how many times, until when, as what.
import { z } from "@hono/zod-openapi";
import { REPEAT_STOPS } from "../db/schema";
import { startOfDay } from "../lib/time";

/** Variations one evergreen post may rotate through. */
export const MAX_VARIATIONS = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const RepeatSchema = z
  .object({
    every_days: z
      .number()
      .int()
      .min(1)
      .max(365)
      .openapi({ description: "Each copy goes out at least this many days after the last publish" }),
    times: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "How many copies at most (the original not counted); none: until another rule stops" }),
    until: z
      .string()
      .regex(DATE, "a date, YYYY-MM-DD")
      .refine((d) => startOfDay(d, "UTC") !== null, "not a calendar date")
      .optional()
      .openapi({ description: "No copy after the end of this day (in the post's time zone, else UTC)" }),
    variations: z.array(z.string().min(1).max(100_000)).min(1).max(MAX_VARIATIONS).optional().openapi({
      description:
        "Texts the copies rotate through with the original's: copy 1 takes the first variation, then the next, then the original's text again. Needed where the platform refuses the same text twice (X)",
    }),
  })
  .strict()
  .openapi("Repeat", {
    description:
      "An evergreen post: after each publish the next copy is scheduled into the accounts' next free posting slot at least `every_days` later (the same time of day when they have no slots), as a new post with `repeat_of`. Copies stop when `times` or `until` is reached, the original is deleted, `repeat` is set to null on it, or a copy fails (the owner is notified)",
    example: { every_days: 30, times: 6, variations: ["Still time to read our guide: https://example.com/guide"] },
  });

export const RepeatStoppedSchema = z.enum(REPEAT_STOPS).nullable().openapi({
  description:
    "On an original: why its copies stopped coming back (`times`, `until`; `failed`, `no_free_slot` or `refused`, each with a notification); null while they go on",
});
