// Short links: links in published text become `/l/<code>`, and a visit is counted and redirected.
import { eq, sql } from "drizzle-orm";
import { linkClicks, postTargets, shortLinks } from "../db/schema";
import { isBot } from "../lib/bots";
import { dayOf } from "../lib/clock";
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
    .values(urls.map((url, i) => ({ code: codes[i]!, url, ...owner, createdAt: rt.clock.now() })))
    .onConflictDoNothing();
  let i = 0;
  return text.replace(LINK_PATTERN, () => `${rt.config.public_base_url}/l/${codes[i++]}`);
}

/** Counts a visit (a person's click, or a crawler's or preview fetcher's apart) and answers where the code leads. */
export async function followShortLink(rt: Runtime, code: string, userAgent: string | null): Promise<string> {
  const [link] = await rt.db
    .select({ url: shortLinks.url, postId: shortLinks.postId, userId: postTargets.userId })
    .from(shortLinks)
    .innerJoin(postTargets, eq(postTargets.id, shortLinks.targetId))
    .where(eq(shortLinks.code, code));
  if (!link) throw notFound("Link");
  const bot = isBot(userAgent) ? 1 : 0;
  await rt.db
    .insert(linkClicks)
    .values({ code, day: dayOf(rt.clock.now()), userId: link.userId, postId: link.postId, clicks: 1 - bot, bots: bot })
    .onConflictDoUpdate({
      target: [linkClicks.code, linkClicks.day],
      set: { clicks: sql`${linkClicks.clicks} + ${1 - bot}`, bots: sql`${linkClicks.bots} + ${bot}` },
    });
  return link.url;
}
