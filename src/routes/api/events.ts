// The REST route that lists the events outbox.
import { z } from "@hono/zod-openapi";
import { jsonContent } from "../../schemas/common";
import { EventSchema, EventsQuery } from "../../schemas/events";
import { listEvents } from "../../services/events";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const list = authedRoute("webhooks:read", {
  operationId: "listEvents",
  method: "get",
  path: "/api/v1/events",
  tags: ["Webhooks"],
  summary: "The user's events in order (the outbox)",
  description:
    "Each item is the body a webhook receives. A receiver that was down catches up by passing the id of the last event it handled as `after`, then each page's `next_cursor` until it is null.",
  request: { query: EventsQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(EventSchema), next_cursor: z.string().nullable() }),
      "A page of events, oldest first",
    ),
  },
});

export const eventRoutes = createRouter().openapi(list, async (c) => {
  const page = await listEvents(c.var.rt, c.var.principal.userId, c.req.valid("query"));
  return c.json({ success: true as const, ...page }, 200);
});
