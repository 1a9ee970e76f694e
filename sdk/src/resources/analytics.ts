import type { Http } from "../http.ts";

export interface OverviewQuery {
  /** A timestamp, or a date (from its UTC midnight); default 30 days before `to`. */
  from?: string;
  /** A timestamp, or a date (to the end of that UTC day); default now. */
  to?: string;
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
});

export type Analytics = ReturnType<typeof analytics>;
