// Zod schemas of the events outbox: an event and the list's query.
import { z } from "@hono/zod-openapi";

export const EventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_3hZ0cQ8vXb1mK2pLr9Ta" }),
    event: z.string(),
    timestamp: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi("Event", { description: "The body a webhook receives for this event" });

export const EventsQuery = z.object({
  after: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: "An event id: list the events after it (the last one you handled)" }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type EventsQueryInput = z.infer<typeof EventsQuery>;
