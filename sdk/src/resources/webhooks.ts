import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

export const webhooks = (http: Http) => ({
  /** Every webhook, those switched off included. */
  list: () => http.data("get", "/api/v1/webhooks"),
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
});

export type Webhooks = ReturnType<typeof webhooks>;
