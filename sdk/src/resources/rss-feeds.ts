import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

export const rssFeeds = (http: Http) => {
  const setPaused = (id: string, paused: boolean) =>
    http.data("post", "/api/v1/rss-feeds/{id}/pause", { params: { id }, body: { paused } });
  return {
    list: () => http.data("get", "/api/v1/rss-feeds"),
    create: (body: Body<"/api/v1/rss-feeds", "post">) => http.data("post", "/api/v1/rss-feeds", { body }),
    update: (id: string, body: Body<"/api/v1/rss-feeds/{id}", "patch">) =>
      http.data("patch", "/api/v1/rss-feeds/{id}", { params: { id }, body }),
    delete: (id: string) => http.data("delete", "/api/v1/rss-feeds/{id}", { params: { id } }),
    pause: (id: string) => setPaused(id, true),
    /** Also restarts a feed stopped after failed checks. */
    resume: (id: string) => setPaused(id, false),
  };
};

export type RssFeeds = ReturnType<typeof rssFeeds>;
