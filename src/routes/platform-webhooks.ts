// Where Meta sends Instagram, Facebook Page and WhatsApp events: the handshake, then signed events queued.
import { BodyTooLarge, readCapped } from "../lib/capped-body";
import { AppError, notFound } from "../lib/errors";
import {
  receiveMetaWebhook,
  verifyHandshake,
  WEBHOOK_PLATFORMS,
  type WebhookPlatform,
} from "../services/flows/run/meta-webhook";
import { createRouter } from "./router";

/**
 * Where Meta sends Instagram, Facebook Page and WhatsApp events (comments, messages): called by the platform, not by
 * clients, so not in the API reference. GET answers the subscription handshake; POST checks the signature, queues
 * the events and answers 200 at once (Meta retries anything slower or not 200).
 */
/** Meta batches up to 1,000 changes of a few hundred bytes each; anything far past that is not Meta. */
const MAX_WEBHOOK_BYTES = 4 * 1024 * 1024;

async function cappedBody(req: Request): Promise<Uint8Array> {
  try {
    return await readCapped(req, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new AppError("payload_too_large", `A platform webhook takes at most ${MAX_WEBHOOK_BYTES} bytes`);
  }
}

const platformOf = (name: string): WebhookPlatform => {
  if (!(WEBHOOK_PLATFORMS as readonly string[]).includes(name)) throw notFound("Route");
  return name as WebhookPlatform;
};

export const platformWebhookRoutes = createRouter();
platformWebhookRoutes
  .get("/webhooks/platforms/:platform", (c) => {
    platformOf(c.req.param("platform"));
    return c.text(verifyHandshake(c.var.rt, c.req.query()), 200);
  })
  .post("/webhooks/platforms/:platform", async (c) => {
    const platform = platformOf(c.req.param("platform"));
    const body = await cappedBody(c.req.raw);
    const queued = await receiveMetaWebhook(c.var.rt, platform, body, c.req.header("x-hub-signature-256"));
    return c.json({ success: true as const, data: { queued } }, 200);
  });
