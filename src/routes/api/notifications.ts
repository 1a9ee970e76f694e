// The REST route that lists a user's notifications.
import { z } from "@hono/zod-openapi";
import { ok } from "../../schemas/common";
import { NotificationSchema, NotificationsQuery } from "../../schemas/notifications";
import { listNotifications } from "../../services/notifications";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const list = authedRoute("accounts:read", {
  operationId: "listNotifications",
  method: "get",
  path: "/api/v1/notifications",
  tags: ["Notifications"],
  summary: "In-app notifications, newest first",
  description: "Such as a webhook switched off after failed deliveries.",
  request: { query: NotificationsQuery },
  responses: { 200: ok(z.array(NotificationSchema), "Notifications, newest first") },
});

export const notificationRoutes = createRouter().openapi(list, async (c) => {
  const data = await listNotifications(c.var.rt, c.var.principal.userId, c.req.valid("query").limit);
  return c.json({ success: true as const, data }, 200);
});
