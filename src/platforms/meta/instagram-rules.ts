// What Instagram refuses of a post's options, checked when it is scheduled: what stories and feed posts take.
import type { Rule } from "../content-rules";

const isReel = (options: Record<string, unknown>, media: { type: string }[]) =>
  options.post_type === "reel" || (options.post_type === undefined && media.length === 1 && media[0]?.type === "video");

const stories: Rule = (c) => {
  if (c.options.post_type !== "story") return null;
  const named = ["collaborators", "user_tags", "location_id", "share_to_feed"].filter(
    (k) => c.options[k] !== undefined,
  );
  return named.length > 0
    ? { code: "invalid_option", message: `An Instagram story takes no ${named.map((k) => `metadata.${k}`).join(", ")}` }
    : null;
};

const shareToFeed: Rule = (c) =>
  c.options.share_to_feed !== undefined && c.options.post_type !== "story" && !isReel(c.options, c.media)
    ? { code: "invalid_option", message: "metadata.share_to_feed is for reels" }
    : null;

const userTags: Rule = (c) => {
  const tags = (c.options.user_tags as { image?: number }[] | undefined) ?? [];
  const wrong = tags.find((tag) => c.media[tag.image ?? 0]?.type !== "image");
  return wrong
    ? { code: "invalid_option", message: `metadata.user_tags: media item ${wrong.image ?? 0} is not an image` }
    : null;
};

export const instagramProblems: Rule[] = [stories, shareToFeed, userTags];
