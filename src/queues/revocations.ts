// The revocations queue: one disconnected account's credentials to revoke per message.
import { z } from "@hono/zod-openapi";
import { PLATFORM_KEYS } from "../platforms/catalog";
import { defineQueue } from "./queue";

/** One disconnected account's credentials to revoke per message, sealed as they were stored (bound to the account id). */
export const revocationQueue = defineQueue({
  name: "herald-revocations",
  binding: (env) => env.REVOCATION_QUEUE,
  schema: z.object({ accountId: z.string().min(1), platform: z.enum(PLATFORM_KEYS), sealed: z.string().min(1) }),
});

export type Revocation = z.infer<typeof revocationQueue.schema>;
