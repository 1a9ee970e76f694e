import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

/** A client group's report shared read-only by link (`/reports/<token>`), until it expires or is revoked. */
export const reportLinks = (http: Http) => ({
  list: () => http.data("get", "/api/v1/report-links"),
  /** The answer's `url` is shown this once. */
  create: (body: Body<"/api/v1/report-links", "post">) => http.data("post", "/api/v1/report-links", { body }),
  revoke: (id: string) => http.data("delete", "/api/v1/report-links/{id}", { params: { id } }),
});

export type ReportLinks = ReturnType<typeof reportLinks>;
