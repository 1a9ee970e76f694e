// A local RSS server whose feeds change over time: new items appear, the oldest drop off, some titles are edited.
import { createServer } from "node:http";

const escapeXml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export class FeedServer {
  /** `itemEveryMs`: wall time between new items of a feed; `window`: how many items a feed shows at once. */
  constructor({ itemEveryMs, window = 8 }) {
    this.itemEveryMs = itemEveryMs;
    this.window = window;
    this.feeds = new Map();
    this.requests = 0;
  }

  async listen() {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = this.server.address().port;
  }

  /** A feed that starts with `initial` items and grows from `startedAt`. */
  add(id, { initial = 3, startedAt = Date.now() } = {}) {
    this.feeds.set(id, { initial, startedAt });
    return `http://127.0.0.1:${this.port}/feeds/${id}.xml`;
  }

  /** The items feed `id` has published by `now` (its guids): what Herald may have drafted. */
  published(id, now = Date.now()) {
    const feed = this.feeds.get(id);
    const count = feed.initial + Math.max(0, Math.floor((now - feed.startedAt) / this.itemEveryMs));
    return Array.from({ length: count }, (_, i) => `${id}-item-${i}`);
  }

  handle(req, res) {
    this.requests++;
    const id = req.url.match(/^\/feeds\/([\w-]+)\.xml/)?.[1];
    if (!id || !this.feeds.has(id)) {
      res.writeHead(404).end();
      return;
    }
    const guids = this.published(id).slice(-this.window).reverse();
    const edits = Math.floor((Date.now() - this.feeds.get(id).startedAt) / (3 * this.itemEveryMs));
    const items = guids.map((guid, i) => {
      // Every few items an older one's title is edited: the same guid must not make a second draft.
      const title = `${guid}${i % 3 === 2 ? ` (edit ${edits})` : ""}`;
      return `<item><title>${escapeXml(title)}</title><link>https://example.com/${guid}</link><guid isPermaLink="false">${guid}</guid><description>${escapeXml(`About ${guid}`)}</description></item>`;
    });
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed ${id}</title><link>https://example.com/${id}</link><description>Soak feed</description>${items.join("")}</channel></rss>`,
    );
  }

  close() {
    this.server?.closeAllConnections?.();
    return new Promise((resolve) => this.server?.close(resolve) ?? resolve());
  }
}
