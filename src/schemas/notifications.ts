// Zod schemas of notifications: a notification and the list's query.
import { z } from "@hono/zod-openapi";
import { NOTIFICATION_KINDS } from "../db/schema/notifications";

export const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    message: z.string(),
    data: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    read_at: z
      .string()
      .nullable()
      .openapi({ description: "When it was marked read in the dashboard; null while unread" }),
  })
  .openapi("Notification");

export const NotificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });
