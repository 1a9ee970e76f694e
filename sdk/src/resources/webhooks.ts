import type { Http } from "../http.ts";
import type { Body } from "../types.ts";
import { verifyWebhook } from "../verify.ts";

export const webhooks = (http: Http) => ({
  /** Every webhook, those switched off included. */
  list: () => http.data("get", "/api/v1/webhooks"),
  /** The events a webhook can subscribe to, with whether your plan allows each. */
  events: () => http.data("get", "/api/v1/webhooks/events"),
  /** The answer carries `signing_secret`, shown this once. */
  create: (body: Body<"/api/v1/webhooks", "post">) => http.data("post", "/api/v1/webhooks", { body }),
  /** `active: true` switches a webhook back on. */
  update: (id: string, body: Body<"/api/v1/webhooks/{id}", "patch">) =>
    http.data("patch", "/api/v1/webhooks/{id}", { params: { id }, body }),
  delete: (id: string) => http.data("delete", "/api/v1/webhooks/{id}", { params: { id } }),
  /** Sends one signed `test` event now. */
  test: (id: string) => http.data("post", "/api/v1/webhooks/{id}/test", { params: { id } }),
  rotateSecret: (id: string) => http.data("post", "/api/v1/webhooks/{id}/rotate-secret", { params: { id } }),
  deliveries: (id: string) => http.data("get", "/api/v1/webhooks/{id}/deliveries", { params: { id } }),
  /**
   * On your receiver: the event a request carries, once its signature (either format) proves it came from Herald;
   * throws `WebhookSignatureError` otherwise. Makes no request.
   */
  verify: verifyWebhook,
});

export type Webhooks = ReturnType<typeof webhooks>;
