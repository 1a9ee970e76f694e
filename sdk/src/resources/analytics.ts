import type { Http } from "../http.ts";

export interface DateWindow {
  /** A timestamp, or a date (from its UTC midnight); default 30 days before `to`. */
  from?: string;
  /** A timestamp, or a date (to the end of that UTC day); default now. */
  to?: string;
}

export interface OverviewQuery extends DateWindow {
  accountIds?: string[];
}

export const analytics = (http: Http) => ({
  /** Per account and per platform: posts published and failed, latest metrics, plug firings, feed posts, deliveries. */
  overview: (query: OverviewQuery = {}) =>
    http.data("get", "/api/v1/analytics/overview", {
      query: { from: query.from, to: query.to, account_ids: query.accountIds?.join(",") },
    }),

  /** Each target's metrics history (a sample per reading, oldest first). */
  post: (postId: string) => http.data("get", "/api/v1/analytics/posts/{id}", { params: { id: postId } }),

  /** An account's follower count per UTC day in the window, with its change. */
  followers: (accountId: string, query: DateWindow = {}) =>
    http.data("get", "/api/v1/analytics/accounts/{accountId}/followers", { params: { accountId }, query }),

  /** Clicks on the short links per link and per UTC day (bots apart); `postId`: every link of that post. */
  links: (query: DateWindow & { postId?: string } = {}) =>
    http.data("get", "/api/v1/analytics/links", { query: { from: query.from, to: query.to, post_id: query.postId } }),

  /** The account's best weekday and hour cells (`basis`: account, workspace or insufficient). */
  bestTimes: (accountId: string, query: { days?: number } = {}) =>
    http.data("get", "/api/v1/analytics/best-times", { query: { account_id: accountId, days: query.days } }),

  /** The client report as JSON (the CSV and PDF are files: fetch them with `format=csv` or `format=pdf`). */
  report: (query: OverviewQuery & { groupId?: string } = {}) =>
    http.data("get", "/api/v1/analytics/report", {
      query: {
        from: query.from,
        to: query.to,
        account_ids: query.accountIds?.join(","),
        group_id: query.groupId,
        format: "json",
      },
    }),
});

export type Analytics = ReturnType<typeof analytics>;
