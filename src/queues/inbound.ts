// The inbound queue: one comment or message a person sent an account, normalized from the platform.
import { z } from "@hono/zod-openapi";
import { INBOUND_KINDS } from "../db/schema/flow-runs";
import { defineQueue } from "./queue";

/**
 * One comment or message a person sent one of Herald's accounts, normalized from the platform's webhook (or the
 * sandbox): `id` is the platform's comment or message id, `senderId` the person's platform-scoped id.
 */
export const InboundEventSchema = z.object({
  accountId: z.string().min(1),
  platform: z.string().min(1),
  kind: z.enum(INBOUND_KINDS),
  id: z.string().min(1).max(200),
  senderId: z.string().min(1).max(200),
  text: z.string().max(10_000),
  /** The post a comment is on (the platform's media id); the story a story reply answers. */
  mediaId: z.string().min(1).max(200).optional(),
  /** A message's attachments, as the platform names and links them. */
  media: z
    .array(z.object({ type: z.string().min(1).max(50), url: z.string().min(1).max(2000) }))
    .max(10)
    .optional(),
  /** When Herald took it in (service time, ms). */
  at: z.number().int(),
  /** When the platform says it was written (ms), where it says: the inbox orders a conversation by it. */
  sentAt: z.number().int().optional(),
  /** How the platform names the person, where it does (the inbox shows it). */
  sender: z
    .object({
      name: z.string().max(200).optional(),
      handle: z.string().max(200).optional(),
      avatarUrl: z.string().max(2000).optional(),
    })
    .optional(),
});

export type InboundEvent = z.infer<typeof InboundEventSchema>;

export const inboundQueue = defineQueue({
  name: "herald-inbound",
  binding: (env) => env.INBOUND_QUEUE,
  schema: InboundEventSchema,
  deadLetterQueue: "herald-inbound-dlq",
});
