// Short links: links in published text become `/l/<code>`, and a visit is counted and redirected.
import { eq, sql } from "drizzle-orm";
import { shortLinks } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { LINK_PATTERN, SHORT_CODE_LENGTH } from "./posts/content";
import type { Runtime } from "./runtime";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The same target and link always give the same code, so a retried publish makes no new links. */
async function codeFor(targetId: string, index: number, url: string): Promise<string> {
  const hex = await sha256Hex(`${targetId}\n${index}\n${url}`);
  let n = BigInt(`0x${hex.slice(0, 24)}`);
  let code = "";
  while (code.length < SHORT_CODE_LENGTH) {
    code += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return code;
}

/** Replaces each link in `text` with a `/l/<code>` short link, recording where each code leads. */
export async function shortenLinks(
  rt: Runtime,
  text: string,
  owner: { postId: string; targetId: string },
): Promise<string> {
  const urls = text.match(LINK_PATTERN) ?? [];
  if (urls.length === 0) return text;
  const codes = await Promise.all(urls.map((url, i) => codeFor(owner.targetId, i, url)));
  await rt.db
    .insert(shortLinks)
    .values(urls.map((url, i) => ({ code: codes[i]!, url, ...owner, clicks: 0, createdAt: rt.clock.now() })))
    .onConflictDoNothing();
  let i = 0;
  return text.replace(LINK_PATTERN, () => `${rt.config.public_base_url}/l/${codes[i++]}`);
}

/** Counts a visit and answers where the code leads. */
export async function followShortLink(rt: Runtime, code: string): Promise<string> {
  const [link] = await rt.db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1` })
    .where(eq(shortLinks.code, code))
    .returning({ url: shortLinks.url });
  if (!link) throw notFound("Link");
  return link.url;
}
