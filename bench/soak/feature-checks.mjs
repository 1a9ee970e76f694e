// The invariants of the post features (threads, first comments, polls, evergreen repeats), read from the posts as the
// API shows them and from what the sandbox platform recorded. Each answers its name, the ids that broke it, and counts.
import { REPEAT } from "./features.mjs";
import { group } from "./plan.mjs";

const SEGMENT = /^Seg (s\d+p\d+(?:r\d+)?)\.(\d+):/;
const FIRST_COMMENT = /^FC (s\d+p\d+(?:r\d+)?):/;

/** A call that may have reached the platform though Herald never heard back: the one failure a call may leave. */
const MAY_HAVE_POSTED = "AMBIGUOUS_MAY_HAVE_POSTED";

/** `{ post, target, tag }` for every target of the world's posts of these kinds, as the API read them. */
function targetsOfKinds(world, posts, kinds) {
  const byId = new Map(posts.map((p) => [p.id, p]));
  return world.posts
    .filter((w) => kinds.includes(w.kind) && byId.has(w.id))
    .flatMap((w) => byId.get(w.id).platforms.map((target) => ({ post: byId.get(w.id), target, tag: w.tag })));
}

/**
 * Whether a step's calls agree with its status: once when published, at most once (and only unanswered) when failed;
 * never when it is still pending on a failed target (its chain stopped before it), and pending nowhere else.
 */
function stepBroken({ status, error }, target, calls) {
  if (calls.length > 1) return `×${calls.length}`;
  if (status === "published" && calls.length !== 1) return "published but never called";
  if (status === "failed" && calls.length === 1 && error?.code !== MAY_HAVE_POSTED) return "failed but called";
  if (status === "pending" && target.status === "failed" && calls.length > 0) return "called after its chain stopped";
  if (status === "pending" && target.status !== "failed") return "pending at the end";
  return null;
}

/**
 * Threads: each segment called once, in order, each a reply to the one before; a target published only with its whole
 * chain, and a chain cut short only on a target that says where (a failed segment, the target failed).
 */
function checkThreads({ world, posts, calls }) {
  const broken = [];
  let segments = 0;
  const callsOf = group(calls, (c) => {
    const m = c.kind === "publish" && c.text?.match(SEGMENT);
    return m ? `${c.account_id}|${m[1]}.${m[2]}` : undefined;
  });
  for (const { post, target, tag } of targetsOfKinds(world, posts, ["thread"])) {
    if (target.status === "scheduled" || target.status === "pending") continue;
    const id = `${post.id}/${target.account_id}`;
    // Segment 0 is the post itself: a failed target keeps its id on the step, not on the target.
    let parent = target.segments.find((s) => s.index === 0)?.platform_post_id ?? target.platform_post_id;
    let parentAt = null;
    for (const step of target.segments.filter((s) => s.index > 0)) {
      segments++;
      const made = callsOf.get(`${target.account_id}|${tag}.${step.index}`) ?? [];
      const wrong = stepBroken(step, target, made);
      if (wrong) broken.push(`${id} segment ${step.index}: ${wrong}`);
      const call = made[0];
      if (call && call.parent_platform_post_id !== parent) broken.push(`${id} segment ${step.index}: not a reply`);
      if (call && parentAt && call.at < parentAt) broken.push(`${id} segment ${step.index}: out of order`);
      parent = call?.platform_post_id;
      parentAt = call?.at ?? parentAt;
    }
    const stop = target.segments.find((s) => s.status !== "published");
    if (target.status === "published" && stop) broken.push(`${id}: published with its chain cut short, unsaid`);
    if (target.status === "failed" && stop && stop.status !== "failed")
      broken.push(`${id}: failed without saying where the chain stopped`);
  }
  return { name: "every thread segment posted once, in order, each a reply to the one before", broken, segments };
}

/** First comments: called once, under the post, after its whole chain; never on a target that did not publish. */
function checkFirstComments({ world, posts, calls }) {
  const broken = [];
  let comments = 0;
  const commentCalls = group(calls, (c) => {
    const m = c.kind === "comment" && c.text?.match(FIRST_COMMENT);
    return m ? `${c.account_id}|${m[1]}` : undefined;
  });
  const publishAt = new Map(calls.filter((c) => c.kind === "publish").map((c) => [c.platform_post_id, c.at]));
  for (const { post, target, tag } of targetsOfKinds(world, posts, ["thread", "first_comment"])) {
    const step = target.first_comment;
    if (!step || target.status === "scheduled") continue;
    comments++;
    const id = `${post.id}/${target.account_id}`;
    const made = commentCalls.get(`${target.account_id}|${tag}`) ?? [];
    const wrong = stepBroken(step, target, made);
    if (wrong) broken.push(`${id} first comment: ${wrong}`);
    if (made.length > 0 && target.status !== "published")
      broken.push(`${id}: first comment on a ${target.status} target`);
    const call = made[0];
    if (!call) continue;
    if (call.parent_platform_post_id !== target.platform_post_id)
      broken.push(`${id}: first comment not under the post`);
    const chainEnd = target.segments.map((s) => publishAt.get(s.platform_post_id)).filter(Boolean);
    if (chainEnd.some((at) => at > call.at)) broken.push(`${id}: first comment before the chain ended`);
  }
  return { name: "every first comment posted once, under its post, after the whole chain", broken, comments };
}

/** Polls: each published target's platform call carried the poll. */
function checkPolls({ world, posts, calls }) {
  const callOf = new Map(calls.filter((c) => c.kind === "publish").map((c) => [c.platform_post_id, c]));
  const targets = targetsOfKinds(world, posts, ["poll"]);
  const published = targets.filter(({ target }) => target.status === "published");
  const broken = published
    .filter(({ target }) => !(callOf.get(target.platform_post_id)?.poll?.options?.length >= 2))
    .map(({ post, target }) => `${post.id}/${target.account_id}: published without its poll`);
  return {
    name: "every poll published carried its poll",
    broken,
    poll_targets: targets.length,
    poll_targets_published: published.length,
  };
}

/**
 * Evergreen repeats: at most `times` copies, one per due time and per variation, the next copy written once the last
 * publish went out (or the original says why not). Each copy's own publish is checked with every target (its tag).
 */
function checkRepeats({ world, posts }) {
  const broken = [];
  const copiesOf = group(
    posts.filter((p) => p.repeat_of),
    (p) => p.repeat_of,
  );
  const originals = targetsOfKinds(world, posts, ["evergreen"]).map(({ post }) => post);
  const unique = [...new Map(originals.map((p) => [p.id, p])).values()];
  let copies = 0;
  let copiesPublished = 0;
  for (const original of unique) {
    const list = copiesOf.get(original.id) ?? [];
    copies += list.length;
    copiesPublished += list.filter((p) => p.status === "published").length;
    if (list.length > REPEAT.times) broken.push(`${original.id}: ${list.length} copies`);
    for (const [at, same] of group(list, (p) => p.scheduled_at))
      if (same.length > 1) broken.push(`${original.id}: ${same.length} copies due ${at}`);
    for (const [, same] of group(list, (p) => p.text))
      if (same.length > 1) broken.push(`${original.id}: one variation in ${same.length} copies`);
    const last = [original, ...list].sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at)).at(-1);
    const more = list.length < REPEAT.times && !original.repeat_stopped;
    if (more && last.status === "published") broken.push(`${original.id}: published, next copy never written`);
  }
  return {
    name: "every evergreen repeat written once per publish, one copy per due time",
    broken,
    evergreen_posts: unique.length,
    copies,
    copies_published: copiesPublished,
  };
}

/** Every feature invariant, in the report's order. */
export function checkFeatures(input) {
  return [checkThreads(input), checkFirstComments(input), checkPolls(input), checkRepeats(input)];
}
