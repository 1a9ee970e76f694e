import type { Http } from "../http.ts";

export const apiKeys = (http: Http) => ({
  list: () => http.data("get", "/api/v1/api-keys"),
  /** The answer's `key` is the whole key, shown this once. */
  create: (name?: string) => http.data("post", "/api/v1/api-keys", { body: { name } }),
  revoke: (id: string) => http.data("delete", "/api/v1/api-keys/{id}", { params: { id } }),
});

export type ApiKeys = ReturnType<typeof apiKeys>;
