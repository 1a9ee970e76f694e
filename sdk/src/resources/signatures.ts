import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

export const signatures = (http: Http) => ({
  list: () => http.data("get", "/api/v1/signatures"),
  create: (body: Body<"/api/v1/signatures", "post">) => http.data("post", "/api/v1/signatures", { body }),
  update: (id: string, body: Body<"/api/v1/signatures/{id}", "patch">) =>
    http.data("patch", "/api/v1/signatures/{id}", { params: { id }, body }),
  delete: (id: string) => http.data("delete", "/api/v1/signatures/{id}", { params: { id } }),
});

export type Signatures = ReturnType<typeof signatures>;
