// What Reddit refuses in a post, checked when it is scheduled: the title, the kind, the subreddit's kinds and flair.
import type { Rule, ScheduledContent } from "../content-rules";
import type { PublishRequest } from "../types";
import type { RedditSubmit } from "./reddit-shapes";

export const REDDIT_TITLE_LIMIT = 300;

/** The post's kind: the option, else the media's, else a link when a URL is given, else text. */
export function postKindOf(request: Pick<PublishRequest, "media" | "options">): RedditSubmit["kind"] {
  const kind = request.options.kind;
  if (kind === "self" || kind === "link" || kind === "image" || kind === "video") return kind;
  const [first] = request.media;
  if (first?.type === "image" || first?.type === "video") return first.type;
  return typeof request.options.url === "string" ? "link" : "self";
}

const kindOf = (c: ScheduledContent) =>
  postKindOf({ options: c.options, media: c.media.map((m) => ({ type: m.type, url: "" })) });

const title: Rule = (c) => {
  const given = typeof c.options.title === "string" ? c.options.title : "";
  if (given === "") {
    return {
      code: "option_required",
      message: `A Reddit post needs metadata.title (up to ${REDDIT_TITLE_LIMIT} characters)`,
    };
  }
  const max = c.destination?.rules?.title_max;
  return max !== undefined && [...given].length > max
    ? { code: "invalid_option", message: `${c.destination?.id} takes titles up to ${max} characters` }
    : null;
};

/** The kind asked for, and what it needs: a link its URL, an image or video post its one item, text nothing else. */
const kind: Rule = (c) => {
  const k = kindOf(c);
  const media = c.media.length;
  if (k === "link" && typeof c.options.url !== "string") {
    return { code: "option_required", message: "A Reddit link post needs metadata.url" };
  }
  if (k !== "link" && c.options.url !== undefined) {
    return { code: "invalid_option", message: `metadata.url is for link posts; this is a ${k} post` };
  }
  if ((k === "self" || k === "link") && media > 0) {
    return { code: "media_not_supported", message: `A Reddit ${k} post takes no media: use kind image or video` };
  }
  if ((k === "image" || k === "video") && !(media === 1 && c.media[0]?.type === k)) {
    return { code: "media_not_supported", message: `A Reddit ${k} post takes exactly one ${k}` };
  }
  if (k !== "self" && c.text.trim() !== "") {
    return {
      code: "text_not_supported",
      message: `A Reddit ${k} post has no body text: use kind self, or set platform_overrides.reddit.text to ""`,
    };
  }
  return null;
};

/** What the subreddit said when it was checked: the kinds it takes, its flair, a body it requires. */
const subreddit: Rule = (c) => {
  const rules = c.destination?.rules;
  const where = c.destination?.id ?? "The subreddit";
  if (!rules) return null;
  const k = kindOf(c);
  if (rules.post_kinds && !rules.post_kinds.includes(k)) {
    return { code: "post_kind_not_allowed", message: `${where} takes ${rules.post_kinds.join(", ")} posts, not ${k}` };
  }
  const flair = c.options.flair_id;
  const flairs = rules.flairs ?? [];
  if (rules.flair_required && flair === undefined) {
    const listed = flairs.slice(0, 10).map((f) => `${f.id} (${f.text})`);
    const choose = listed.length > 0 ? `: one of ${listed.join(", ")}` : "";
    return { code: "flair_required", message: `${where} requires flair: set metadata.flair_id${choose}` };
  }
  if (typeof flair === "string" && flairs.length > 0 && !flairs.some((f) => f.id === flair)) {
    return { code: "invalid_option", message: `metadata.flair_id: ${flair} is not one of ${where}'s flairs` };
  }
  if (rules.text_required && k === "self" && c.text.trim() === "") {
    return { code: "option_required", message: `${where} requires a body: the post's text` };
  }
  return null;
};

export const redditProblems: Rule[] = [title, kind, subreddit];
