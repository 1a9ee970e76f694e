// UTM parameters added to a target's links at publish time: the post's own, else the workspace default.
import { eq } from "drizzle-orm";
import { type UtmTemplate, users } from "../../db/schema";
import type { Runtime } from "../runtime";
import { LINK_PATTERN } from "./content";

const KEYS = ["source", "medium", "campaign", "content"] as const;

/** The template with `{platform}` and `{account}` filled in for one target; empty values are left out. */
export function filledUtm(template: UtmTemplate, target: { platform: string; account: string }) {
  const filled: [string, string][] = [];
  for (const key of KEYS) {
    const raw = template[key];
    if (!raw) continue;
    const value = raw.replaceAll("{platform}", target.platform).replaceAll("{account}", target.account).trim();
    if (value) filled.push([`utm_${key}`, value]);
  }
  return filled;
}

/**
 * The link with each parameter it lacks appended (before any `#fragment`); a `utm_` parameter it already has is
 * kept as it is, so a link is never given one twice. The rest of the link is left byte for byte.
 */
export function withUtmParameters(link: string, parameters: [string, string][]): string {
  const hash = link.indexOf("#");
  const [base, fragment] = hash === -1 ? [link, ""] : [link.slice(0, hash), link.slice(hash)];
  const query = base.includes("?") ? base.slice(base.indexOf("?") + 1) : "";
  const present = new Set([...new URLSearchParams(query).keys()].map((k) => k.toLowerCase()));
  const added = parameters
    .filter(([key]) => !present.has(key))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  if (added.length === 0) return link;
  const joiner = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}${added.join("&")}${fragment}`;
}

/** The user's default UTM parameters (null: none). */
export async function defaultUtmOf(rt: Runtime, userId: string): Promise<UtmTemplate | null> {
  const [row] = await rt.db.select({ utm: users.utm }).from(users).where(eq(users.id, userId));
  return row?.utm ?? null;
}

/** Sets (or with null, removes) the user's default UTM parameters. */
export async function setDefaultUtm(rt: Runtime, userId: string, utm: UtmTemplate | null) {
  const cleaned = utm && Object.values(utm).some(Boolean) ? utm : null;
  await rt.db.update(users).set({ utm: cleaned }).where(eq(users.id, userId));
  return { utm: cleaned };
}

/**
 * A target's text with UTM parameters on every link: the post's own template, else the user's default (read only
 * when the text has a link and the post has none of its own).
 */
export async function textWithUtm(
  rt: Runtime,
  target: { text: string; utm: UtmTemplate | null; userId: string; platform: string },
  accountName: string,
): Promise<string> {
  if (target.text.search(LINK_PATTERN) === -1) return target.text;
  const template = target.utm ?? (await defaultUtmOf(rt, target.userId));
  if (!template) return target.text;
  const parameters = filledUtm(template, { platform: target.platform, account: accountName });
  if (parameters.length === 0) return target.text;
  return target.text.replace(LINK_PATTERN, (link) => withUtmParameters(link, parameters));
}
