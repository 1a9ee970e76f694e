// A web page's preview from its Open Graph tags, for a link card the client builds (Bluesky).
import { decodeEntities } from "../lib/html-text";
import { fetchPublic, type HttpDeps } from "./http";
import { PlatformError } from "./types";

/**
 * A web page's preview as its Open Graph tags (else its title and meta description) describe it: what a link card
 * shows on a platform that leaves building it to the client (Bluesky). Best effort: a page that cannot be read gives
 * no preview, and the post goes out without a card.
 */
export interface PagePreview {
  url: string;
  title: string;
  description: string;
  /** The preview image's absolute URL. */
  image?: string;
}

/** Reading stops at `</head>` or here: the tags a preview needs are in the head. */
const HEAD_LIMIT = 256 * 1024;
/** A slow page delays the post by at most this long. */
const PREVIEW_TIMEOUT_MS = 5_000;

export async function pagePreview(deps: HttpDeps, url: string): Promise<PagePreview | null> {
  try {
    const init = { method: "GET", headers: { accept: "text/html" }, signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS) };
    // Pages are never the sandbox's loopback receiver: the SSRF guard runs as in production.
    const refuse = () => new PlatformError("refused", `${url} is not on a public host`);
    const res = await fetchPublic({ ...deps, sandbox: false }, url, init, { allowHttp: true, refuse });
    if (!res.ok || !/text\/html/i.test(res.headers.get("content-type") ?? "")) {
      await res.body?.cancel();
      return null;
    }
    return previewOf(await headOf(res), url);
  } catch {
    return null;
  }
}

/** The page's text up to the end of its head (or `HEAD_LIMIT` bytes). */
async function headOf(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = 0; read < HEAD_LIMIT && !/<\/head\s*>/i.test(text); ) {
    const { done, value } = await reader.read();
    if (done) return text;
    read += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

const META = /<meta\s[^>]*>/gi;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The preview in a page's head, or null when it names no title. */
export function previewOf(head: string, url: string): PagePreview | null {
  const tags = new Map<string, string>();
  for (const [meta] of head.matchAll(META)) {
    const attributes = new Map([...meta.matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), m[2] ?? m[3] ?? ""]));
    const name = (attributes.get("property") ?? attributes.get("name"))?.toLowerCase();
    const content = attributes.get("content");
    if (name && content !== undefined && !tags.has(name)) tags.set(name, decodeEntities(content).trim());
  }
  const titleTag = /<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1];
  const title = tags.get("og:title") || tags.get("twitter:title") || (titleTag && decodeEntities(titleTag).trim());
  if (!title) return null;
  const description = tags.get("og:description") || tags.get("description") || tags.get("twitter:description") || "";
  const image = tags.get("og:image") || tags.get("twitter:image");
  return { url, title, description, ...(image && URL.canParse(image, url) ? { image: new URL(image, url).href } : {}) };
}
