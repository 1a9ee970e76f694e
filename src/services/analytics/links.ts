// Short links' clicks in a window: per link (its URL, post and platform), per UTC day, crawlers and previews apart.
import type { z } from "@hono/zod-openapi";
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { linkClicks, posts, postTargets, shortLinks } from "../../db/schema";
import { dayOf, iso } from "../../lib/clock";
import { addDaysTo } from "../../lib/time";
import type { LinkClicksSchema } from "../../schemas/audience";
import { ownedPost } from "../posts/owned";
import type { Runtime } from "../runtime";
import { resolveWindow, type WindowInput } from "./window";

export interface LinksInput extends WindowInput {
  post_id?: string;
}

/** One link's clicks, as the API answers them (the schema is the one shape). */
export type LinkClicks = z.infer<typeof LinkClicksSchema>;
type LinkDay = LinkClicks["days"][number];

/**
 * The links of the user's posts visited in [from, to) (with `postId`: every link of that post, visited or not),
 * most clicked first, each with its clicks per UTC day of the window; only `accountIds` when given.
 */
export async function linkClicksIn(
  rt: Runtime,
  userId: string,
  window: { from: number; to: number; postId?: string; accountIds?: string[] },
): Promise<LinkClicks[]> {
  const firstDay = dayOf(window.from);
  const lastDay = dayOf(window.to - 1);
  const link = {
    code: shortLinks.code,
    url: shortLinks.url,
    postId: shortLinks.postId,
    accountId: postTargets.accountId,
    platform: postTargets.platform,
  };
  const narrowed = and(
    window.postId ? eq(shortLinks.postId, window.postId) : undefined,
    window.accountIds ? inArray(postTargets.accountId, window.accountIds) : undefined,
  );
  const [visits, ofPost] = await Promise.all([
    rt.db
      .select({ ...link, day: linkClicks.day, clicks: linkClicks.clicks, bots: linkClicks.bots })
      .from(linkClicks)
      .innerJoin(shortLinks, eq(shortLinks.code, linkClicks.code))
      .innerJoin(postTargets, eq(postTargets.id, shortLinks.targetId))
      .innerJoin(posts, and(eq(posts.id, shortLinks.postId), isNull(posts.deletedAt)))
      .where(and(eq(linkClicks.userId, userId), gte(linkClicks.day, firstDay), lte(linkClicks.day, lastDay), narrowed))
      .orderBy(asc(linkClicks.day)),
    window.postId
      ? rt.db
          .select(link)
          .from(shortLinks)
          .innerJoin(postTargets, eq(postTargets.id, shortLinks.targetId))
          .where(narrowed)
      : Promise.resolve([]),
  ]);

  const links = new Map<string, LinkClicks & { byDay: Map<string, LinkDay> }>();
  const entry = (row: (typeof ofPost)[number]) => {
    let found = links.get(row.code);
    if (!found) {
      found = {
        code: row.code,
        short_url: `${rt.config.public_base_url}/l/${row.code}`,
        url: row.url,
        post_id: row.postId,
        account_id: row.accountId,
        platform: row.platform,
        clicks: 0,
        bots: 0,
        days: [],
        byDay: new Map(),
      };
      links.set(row.code, found);
    }
    return found;
  };
  for (const row of ofPost) entry(row);
  for (const row of visits) {
    const found = entry(row);
    found.clicks += row.clicks;
    found.bots += row.bots;
    found.byDay.set(row.day, { date: row.day, clicks: row.clicks, bots: row.bots });
  }
  return [...links.values()]
    .map(({ byDay, ...rest }) => {
      const days: LinkDay[] = [];
      for (let date = firstDay; date <= lastDay; date = addDaysTo(date, 1))
        days.push(byDay.get(date) ?? { date, clicks: 0, bots: 0 });
      return { ...rest, days };
    })
    .sort((a, b) => b.clicks - a.clicks || a.code.localeCompare(b.code));
}

/** The links answer of `GET /analytics/links`: a post that is not the user's is 404. */
export async function getLinkClicks(rt: Runtime, userId: string, input: LinksInput) {
  const { from, to } = resolveWindow(rt, input);
  if (input.post_id) await ownedPost(rt, userId, input.post_id);
  const links = await linkClicksIn(rt, userId, { from, to, postId: input.post_id });
  return {
    from: iso(from),
    to: iso(to),
    clicks: links.reduce((n, l) => n + l.clicks, 0),
    bots: links.reduce((n, l) => n + l.bots, 0),
    links,
  };
}
