// Reading a feed document (RSS, RSS 1.0 or Atom) into the items Herald uses.
import { parseFeed } from "feedsmith";
import { sha256Hex } from "../../lib/crypto";

/** One item of a feed, in the fields Herald uses. */
interface FeedItem {
  key: string;
  title: string;
  link: string | null;
  summary: string;
  imageUrl: string | null;
}

const SUMMARY_MAX = 2000;
/** Only the newest items of a document are read: enough for any check interval, bounded writes per check. */
const ITEMS_PER_DOCUMENT = 200;
const KEY_MAX = 500;

const text = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "value" in value) return text((value as { value: unknown }).value);
  return "";
};
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SUMMARY_MAX);

interface Raw {
  key: string;
  title: string;
  link: string;
  summary: string;
  image: string;
}

/** feedsmith's union of four formats, read defensively. */
type Loose = any;

function rawItems(parsed: { format: string; feed: Loose }): Raw[] {
  const { format, feed } = parsed;
  if (format === "atom") {
    return (feed.entries ?? []).map((e: Loose) => {
      const links: Loose[] = e.links ?? [];
      const link = links.find((l) => !l.rel || l.rel === "alternate")?.href ?? "";
      return { key: text(e.id), title: text(e.title), link, summary: text(e.summary) || text(e.content), image: "" };
    });
  }
  if (format === "json") {
    return (feed.items ?? []).map((i: Loose) => ({
      key: text(i.id),
      title: text(i.title),
      link: text(i.url),
      summary: text(i.summary) || text(i.content_text) || text(i.content_html),
      image: text(i.image),
    }));
  }
  // RSS 2.0 and RSS 1.0 (RDF).
  return (feed.items ?? []).map((i: Loose) => ({
    key: text(i.guid),
    title: text(i.title),
    link: text(i.link),
    summary: text(i.description) || text(i.content?.encoded),
    image:
      (i.enclosures ?? []).find((e: Loose) => String(e.type ?? "").startsWith("image/"))?.url ??
      (i.media?.contents ?? []).find((m: Loose) => m.medium === "image")?.url ??
      "",
  }));
}

/**
 * The newest items of an RSS 2.0, RSS 1.0 or Atom (or JSON Feed) document, oldest first (feeds list
 * newest first). A document that declares XML entities is refused outright; the parser expands none anyway.
 * Throws on anything that is not a feed.
 */
export async function parseItems(body: string): Promise<FeedItem[]> {
  if (/<!ENTITY/i.test(body)) throw new Error("the feed declares XML entities; refused");
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body);
  } catch (error) {
    throw new Error(`not a feed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const items: FeedItem[] = [];
  for (const raw of rawItems(parsed).slice(0, ITEMS_PER_DOCUMENT).reverse()) {
    const title = plain(raw.title).slice(0, 500);
    const summary = plain(raw.summary);
    const link = raw.link.trim() || null;
    const key =
      raw.key.trim().slice(0, KEY_MAX) ||
      link?.slice(0, KEY_MAX) ||
      `sha256:${await sha256Hex(`${title}\n${summary}`)}`;
    items.push({ key, title, link, summary, imageUrl: raw.image.trim() || null });
  }
  return items;
}
