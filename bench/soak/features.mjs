// The post features the soak drives beside plain posts: threads, first comments, polls and evergreen repeats. Each
// kind says which platforms take it and what it adds to a post's body; its segments, comments and copies carry the
// post's tag, so the sandbox's records say which post each call was for.

/** Platforms whose posts take reply chains (a thread) among the soak's. */
const CHAIN_PLATFORMS = ["twitter", "bluesky", "mastodon", "threads"];
/** Platforms with native polls among the soak's. */
const POLL_PLATFORMS = ["twitter", "mastodon", "telegram"];
const THREAD_SEGMENTS = 3;
/** An evergreen post's copies: every day, twice, each with its own text (X refuses the same text twice). */
export const REPEAT = { every_days: 1, times: 2 };

export const segmentText = (tag, index) => `Seg ${tag}.${index}: the thread goes on.`;
export const firstCommentText = (tag) => `FC ${tag}: the first comment.`;
/** A copy's tag: the original's with the copy's number (`s1p5r1`). */
export const repeatTag = (tag, copy) => `${tag}r${copy}`;

/** Each featured kind: the platforms its targets must be on, and what it adds to the body of a post tagged `tag`. */
export const FEATURES = {
  thread: {
    platforms: CHAIN_PLATFORMS,
    body: (tag) => ({
      thread: Array.from({ length: THREAD_SEGMENTS }, (_, i) => ({ text: segmentText(tag, i + 1) })),
      first_comment: { text: firstCommentText(tag) },
    }),
  },
  first_comment: { platforms: CHAIN_PLATFORMS, body: (tag) => ({ first_comment: { text: firstCommentText(tag) } }) },
  // Five minutes: the one length every poll platform here takes (X and Mastodon from 5, Telegram up to 10).
  poll: {
    platforms: POLL_PLATFORMS,
    body: () => ({ poll: { options: ["Yes", "No", "Maybe"], duration_minutes: 5 } }),
  },
  evergreen: {
    platforms: null,
    body: (tag, postText) => ({
      repeat: {
        ...REPEAT,
        variations: Array.from({ length: REPEAT.times }, (_, i) => postText(repeatTag(tag, i + 1))),
      },
    }),
  },
};

/** The accounts of `user` a post of `kind` may go to (every one for a kind without a platform rule). */
export const accountsFor = (user, kind) =>
  FEATURES[kind]?.platforms
    ? user.accounts.filter((a) => FEATURES[kind].platforms.includes(a.platform))
    : user.accounts;
