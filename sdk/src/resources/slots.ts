import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

/** Weekly posting slots: `weekday` 0 (Sunday) to 6, `time` "HH:mm" (or `minutes`) in the slot's `timezone`. */
export const slots = (http: Http) => ({
  list: (query: { account_ids?: string[] } = {}) =>
    http.data("get", "/api/v1/posting-slots", { query: { account_ids: query.account_ids?.join(",") } }),
  create: (body: Body<"/api/v1/posting-slots", "post">) => http.data("post", "/api/v1/posting-slots", { body }),
  update: (id: string, body: Body<"/api/v1/posting-slots/{id}", "patch">) =>
    http.data("patch", "/api/v1/posting-slots/{id}", { params: { id }, body }),
  delete: (id: string) => http.data("delete", "/api/v1/posting-slots/{id}", { params: { id } }),
  /** Each occurrence between two dates (YYYY-MM-DD), with whether a post takes it. */
  occurrences: (query: { from: string; to: string; timezone?: string }) =>
    http.data("get", "/api/v1/posting-slots/occurrences", { query }),
  /** Up to `count` slots for the accounts at their best times (409 `not_enough_history`: nothing is created). */
  fromBestTimes: (body: Body<"/api/v1/posting-slots/from-best-times", "post">) =>
    http.data("post", "/api/v1/posting-slots/from-best-times", { body }),
  /** The next free slot of the accounts, held for 10 minutes (`held`, `reserved_until`); 429 `too_many_holds` past 5. */
  next: (query: { account_ids: string[]; after?: string }) =>
    http.data("get", "/api/v1/find-slot", { query: { ...query, account_ids: query.account_ids.join(",") } }),
});

export type Slots = ReturnType<typeof slots>;
