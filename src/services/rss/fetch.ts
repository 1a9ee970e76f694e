// One conditional GET of a feed: the URL guard, no redirects, a time-out and a size cap.
import { BodyTooLarge, readCapped } from "../../lib/capped-body";
import type { Runtime } from "../runtime";
import { type FeedRow, feedUrl } from "./feeds";

type FetchResult =
  | { notModified: true }
  | { notModified: false; body: string; etag: string | null; lastModified: string | null };

/**
 * One conditional GET of a feed: the URL guard again, no redirects followed, a time-out and a size cap.
 * Throws an Error whose message is what the feed shows as `last_error`.
 */
export async function fetchFeed(rt: Runtime, feed: FeedRow): Promise<FetchResult> {
  const url = feedUrl(rt, feed.url);
  const headers: Record<string, string> = {
    accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1",
    "user-agent": "Herald-RSS/1.0",
  };
  if (feed.etag) headers["if-none-match"] = feed.etag;
  if (feed.lastModified) headers["if-modified-since"] = feed.lastModified;
  let res: Response;
  try {
    res = await fetch(url.href, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(rt.config.rss_fetch_timeout_ms),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new Error(timedOut ? "the feed did not answer in time" : "the feed could not be reached");
  }
  if (res.status === 304) return { notModified: true };
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new Error(
      `HTTP ${res.status} redirect to ${res.headers.get("location") ?? "?"} (not followed; update the feed URL)`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  let body: string;
  try {
    body = new TextDecoder().decode(await readCapped(res, rt.config.rss_max_bytes));
  } catch (error) {
    throw error instanceof BodyTooLarge ? new Error(`the feed is ${error.message}`) : error;
  }
  return { notModified: false, body, etag: res.headers.get("etag"), lastModified: res.headers.get("last-modified") };
}
