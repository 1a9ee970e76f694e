import { createMessageBatch, env } from "cloudflare:test";
import { vi } from "vitest";
import worker from "../../../src/index";
import { api } from "./api";

export interface FeedItemSpec {
  title: string;
  link?: string;
  guid?: string;
  description?: string;
  image?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An RSS 2.0 document, items newest first as feeds list them. */
export const rss2 = (items: FeedItemSpec[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Test</title><link>https://example.com</link>${items
    .map(
      (i) =>
        `<item><title>${esc(i.title)}</title>${i.link ? `<link>${esc(i.link)}</link>` : ""}${
          i.guid ? `<guid isPermaLink="false">${esc(i.guid)}</guid>` : ""
        }<description>${esc(i.description ?? "")}</description>${
          i.image ? `<enclosure url="${esc(i.image)}" type="image/jpeg" length="1"/>` : ""
        }</item>`,
    )
    .join("")}</channel></rss>`;

export const atom = (items: FeedItemSpec[]) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Test</title><id>urn:feed</id>${items
    .map(
      (i) =>
        `<entry><id>${esc(i.guid ?? i.link ?? i.title)}</id><title>${esc(i.title)}</title>${
          i.link ? `<link rel="alternate" href="${esc(i.link)}"/>` : ""
        }<summary>${esc(i.description ?? "")}</summary></entry>`,
    )
    .join("")}</feed>`;

export const rss1 = (items: FeedItemSpec[]) =>
  `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://example.com"><title>Test</title><link>https://example.com</link></channel>${items
    .map(
      (i) =>
        `<item rdf:about="${esc(i.link ?? "")}"><title>${esc(i.title)}</title><link>${esc(i.link ?? "")}</link><description>${esc(i.description ?? "")}</description></item>`,
    )
    .join("")}</rdf:RDF>`;

export interface FeedRequest {
  url: string;
  headers: Record<string, string>;
  redirect: string | undefined;
}

/** How a served feed answers one request. */
export type Serve = (request: FeedRequest) => Response | Promise<Response>;

/** Stands in for the network: feed URLs registered with `serve` answer, anything else fails to connect. */
export function stubFeeds() {
  const routes = new Map<string, Serve>();
  const requests: FeedRequest[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const got = { url: request.url, headers: Object.fromEntries(request.headers), redirect: init?.redirect };
    requests.push(got);
    const route = routes.get(request.url);
    if (!route) throw new TypeError(`connect ECONNREFUSED ${request.url}`);
    return route(got);
  });
  return {
    serve: (url: string, answer: Serve | string) =>
      routes.set(
        url,
        typeof answer === "string"
          ? () => new Response(answer, { headers: { "content-type": "application/rss+xml" } })
          : answer,
      ),
    requests: (url: string) => requests.filter((r) => r.url === url),
    restore: () => spy.mockRestore(),
  };
}

let messageSeq = 0;
/** Runs the feed-check consumer on one message per feed id, as the queue would deliver them. */
export async function runChecks(...feedIds: string[]) {
  const batch = createMessageBatch(
    "herald-feed-checks",
    feedIds.map((feedId) => ({ id: `m${++messageSeq}`, timestamp: new Date(), attempts: 1, body: { feedId } })),
  );
  await worker.queue(batch, env);
}

export async function addFeed(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/api/v1/rss-feeds", { key, body });
  if (res.status !== 201) throw new Error(`add feed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; url: string; status: string };
}

let feedSeq = 0;
/**
 * A feed on a fresh loopback URL (sandbox mode accepts loopback) whose first check has run over `first`;
 * returns it and a setter for what the URL serves next.
 */
export async function primedFeed(
  net: ReturnType<typeof stubFeeds>,
  key: string,
  body: Record<string, unknown>,
  first = rss2([]),
) {
  const url = `http://localhost:9000/primed-${++feedSeq}.xml`;
  let doc = first;
  net.serve(url, () => new Response(doc));
  const feed = await addFeed(key, { url, ...body });
  await runChecks(feed.id);
  return { feed, url, set: (next: string) => (doc = next) };
}

export async function feedOf(key: string, id: string) {
  const res = await api("GET", "/api/v1/rss-feeds", { key });
  return (res.body.data as { id: string }[]).find((f) => f.id === id) as Record<string, any>;
}

export async function postsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT p.id, p.text, p.status, p.scheduled_at, p.media, t.account_id, t.platform FROM posts p JOIN post_targets t ON t.post_id = p.id WHERE p.user_id = ? ORDER BY p.created_at, t.position",
  )
    .bind(userId)
    .all<{
      id: string;
      text: string;
      status: string;
      scheduled_at: number | null;
      media: string;
      account_id: string;
      platform: string;
    }>();
  return results;
}
