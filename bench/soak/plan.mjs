// What a soak run sets up, from its seed: users on every plan, their accounts, posting slots, webhooks to local
// receivers, RSS feeds on the local feed server, flows on Instagram accounts, and the scheduled posts (single, bulk,
// waiting for review, with plugs). Everything is made through Herald's API, as a user would.
import { DAY, MINUTE } from "./clock.mjs";
import { accountsFor, FEATURES } from "./features.mjs";

export const PLANS = ["free", "creator", "studio", "pro", "agency"];
/** Accounts a user of each plan connects, at full scale (40 users of each plan make 2,000 accounts). */
const ACCOUNTS_AT_SCALE = { free: 3, creator: 6, studio: 10, pro: 14, agency: 17 };
/** Platforms posts go to (text alone is enough on each); Instagram accounts carry the flows. */
const POST_PLATFORMS = ["bluesky", "mastodon", "linkedin", "threads", "facebook", "twitter", "telegram"];
/** Platforms plugs work on among the soak's (LinkedIn's need a company page). */
const PLUG_PLATFORMS = ["facebook", "twitter"];
/** Events a receiver may subscribe to (every kind Herald sends in a soak). */
export const SOAK_EVENTS = [
  "post.published",
  "post.failed",
  "post.plug_fired",
  "flow.triggered",
  "flow.completed",
  "flow.error",
  "message.received",
  "comment.received",
  "inbox.reply_sent",
  "inbox.reply_failed",
];

/** The run's size: the full scale at 60 minutes, scaled down in proportion to SOAK_MINUTES. */
export function scaleOf(minutes) {
  const f = minutes / 60;
  return {
    users: Math.max(5, Math.round(200 * f)),
    posts: Math.max(60, Math.round(20_000 * f)),
    /** The simulated time the run covers: a week at 60 minutes. */
    spanMs: Math.round(7 * DAY * f),
  };
}

const hasWebhooks = (plan) => plan !== "free";
const hasPlugs = (plan) => plan !== "free";

/**
 * Makes the users and everything they own. `receivers`, `feeds`: the local servers; `random`: the run's PRNG;
 * `api`: an unauthenticated client. Answers the world as the soak knows it.
 */
export async function setUp({ api, random, scale, receivers, feeds, start, seed, log }) {
  const world = { users: [], webhooks: [], feeds: [], flows: [], plugs: [], posts: [], errors: {} };
  const fail = (kind, error) => {
    world.errors[kind] = (world.errors[kind] ?? 0) + 1;
    if (world.errors[kind] <= 3) log(`setup ${kind}: ${error.message.slice(0, 300)}`);
  };

  for (let u = 0; u < scale.users; u++) {
    const plan = PLANS[u % PLANS.length];
    const made = await api.post("/api/v1/sandbox/users", { plan, email: `soak${seed}-u${u}@herald.local` });
    const user = { index: u, id: made.user_id, plan, key: made.api_key, accounts: [], flowAccount: null, slots: 0 };
    const as = api.as(user.key);
    const wanted = ACCOUNTS_AT_SCALE[plan];
    const platforms = POST_PLATFORMS.filter((p) => p !== "twitter" || plan !== "free");
    for (let a = 0; a < wanted; a++) {
      const platform = platforms[(u + a) % platforms.length];
      const body = { platform, name: `u${u} ${platform} ${a}` };
      if (platform === "twitter") body.subscription_tier = "premium";
      if (platform === "telegram") body.destinations = [{ id: `@soak_u${u}_${a}`, label: `Channel ${a}` }];
      try {
        const account = await as.post("/api/v1/sandbox/accounts", body);
        user.accounts.push({ id: account.id, platform, destination: body.destinations?.[0].id });
      } catch (error) {
        fail("account", error);
      }
    }
    if (plan !== "free") {
      try {
        const ig = await as.post("/api/v1/sandbox/accounts", { platform: "instagram", name: `u${u} instagram` });
        user.flowAccount = { id: ig.id, platform: "instagram" };
      } catch (error) {
        fail("flow account", error);
      }
    }
    world.users.push(user);
  }

  await inTurns(world.users, 8, (user) =>
    setUpUser({ api: api.as(user.key), user, world, random, receivers, feeds, fail }),
  );
  // Made in turns, kept in the users' order: the run's later choices among them follow the seed alone.
  const byUser = (a, b) => a.userIndex - b.userIndex || a.tag?.localeCompare(b.tag ?? "");
  world.webhooks.sort((a, b) => a.userIndex - b.userIndex || a.receiverId.localeCompare(b.receiverId));
  world.flows.sort(byUser);
  world.feeds.sort(byUser);
  await schedulePosts({ api, world, random: random.fork("posts"), scale, start, seed, fail });
  world.plugs.sort((a, b) => a.tag.localeCompare(b.tag));
  return world;
}

async function setUpUser({ api, user, world, random, receivers, feeds, fail }) {
  const r = random.fork(`user${user.index}`);
  if (hasWebhooks(user.plan) && user.accounts.length > 0) {
    const count = r.int(1, 2);
    for (let w = 0; w < count; w++) {
      const receiverId = `r${user.index}-${w}`;
      // The first user with webhooks always has a dead receiver, so every run sees a webhook switched off.
      const behaviour =
        user.index === 1 && w === 0 ? "dead" : r.weighted({ healthy: 55, flaky: 25, slow: 10, dead: 10 });
      const { url, receiver } = receivers.add(receiverId, behaviour);
      const events = ["post.published", ...r.sample(SOAK_EVENTS.slice(1), r.int(2, SOAK_EVENTS.length - 1))];
      const accountIds = r.chance(0.2) ? [r.pick(user.accounts).id] : [];
      try {
        const hook = await api.post("/api/v1/webhooks", {
          target_url: url,
          events,
          account_ids: accountIds,
          signature_format: r.pick(["service", "standard"]),
        });
        receiver.secret = hook.signing_secret;
        world.webhooks.push({
          id: hook.id,
          userId: user.id,
          userIndex: user.index,
          receiverId,
          behaviour,
          events,
          accountIds,
          receiver,
        });
      } catch (error) {
        fail("webhook", error);
      }
    }
  }
  if (user.plan !== "free" && user.index % 4 === 1 && user.accounts.length > 0) {
    const feedId = `f${user.index}`;
    const url = feeds.add(feedId);
    try {
      const feed = await api.post("/api/v1/rss-feeds", { url, account_ids: [user.accounts[0].id], mode: "draft" });
      world.feeds.push({ id: feed.id, feedId, userId: user.id, userIndex: user.index, key: user.key });
    } catch (error) {
      fail("feed", error);
    }
  }
  if (user.plan !== "free" && user.index % 2 === 0 && user.accounts.length > 0) {
    const accountIds = user.accounts.slice(0, 2).map((a) => a.id);
    user.slotAccounts = accountIds;
    for (let day = 0; day < 7; day++) {
      for (let minutes = 0; minutes < 1440; minutes += 120) {
        try {
          await api.post("/api/v1/posting-slots", { account_ids: accountIds, weekday: day, minutes, timezone: "UTC" });
          user.slots++;
        } catch (error) {
          fail("slot", error);
        }
      }
    }
  }
  if (user.flowAccount) {
    for (const kind of ["dm_keyword", "comment_keyword"]) {
      try {
        world.flows.push(await makeFlow(api, user, kind));
      } catch (error) {
        fail("flow", error);
      }
    }
  }
}

/** A live flow whose every message carries its tag, so the sandbox's records say which flow sent what. */
async function makeFlow(api, user, kind) {
  const tag = `F${user.index}${kind === "dm_keyword" ? "d" : "c"}`;
  const keyword = kind === "dm_keyword" ? "hello" : "info";
  const flow = await api.post("/api/v1/flows", { name: `Soak ${tag}`, account_id: user.flowAccount.id });
  const steps = [
    { type: "trigger", name: "Trigger", data: { config: { kind, keywords: [keyword] } } },
    { type: "message", name: "One", data: { blocks: [{ text: `${tag} one` }] } },
  ];
  // A DM flow goes on over hours; a comment gets one private reply (Meta allows one before the person answers).
  if (kind === "dm_keyword") {
    steps.push(
      { type: "delay", name: "Wait", data: { delay_time: 30 * MINUTE } },
      { type: "message", name: "Two", data: { blocks: [{ text: `${tag} two` }] } },
      { type: "delay", name: "Wait more", data: { delay_time: 2 * 60 * MINUTE } },
      { type: "message", name: "Three", data: { blocks: [{ text: `${tag} three` }] } },
    );
  }
  for (const step of steps) await api.post(`/api/v1/flows/${flow.id}/nodes`, step);
  for (let i = 0; i + 1 < steps.length; i++) {
    await api.post(`/api/v1/flows/${flow.id}/edges`, { from: steps[i].name, to: steps[i + 1].name });
  }
  await api.post(`/api/v1/flows/${flow.id}/activate`);
  return {
    id: flow.id,
    tag,
    kind,
    keyword,
    userId: user.id,
    userIndex: user.index,
    key: user.key,
    accountId: user.flowAccount.id,
  };
}

/** A post's text names its tag, so each platform call is matched to the post it was for. */
export const postText = (tag) => `Soak ${tag}: a post from the soak run, nothing to see.`;

/** A post's targets as the API takes them (a Telegram channel named as its destination). */
export const targetsOf = (accounts) =>
  accounts.map((a) => ({
    platform: a.platform,
    account_id: a.id,
    ...(a.destination ? { metadata: { destination_id: a.destination } } : {}),
  }));

/**
 * The scheduled posts, due across the run's simulated span: most in bulk, some one by one, a few sent for review,
 * and plugs armed on some. Immediate and next-slot posts are made while the run goes.
 */
async function schedulePosts({ api, world, random, scale, start, seed, fail }) {
  const users = world.users.filter((u) => u.accounts.length > 0);
  const scheduledCount = Math.round(scale.posts * 0.85);
  const rows = [];
  for (let p = 0; p < scheduledCount; p++) {
    const user = random.pick(users);
    const at = start + 2 * MINUTE + Math.floor(random.next() * (scale.spanMs - 2 * MINUTE));
    const wanted = random.weighted({
      bulk: 72,
      single: 12,
      review: 5,
      thread: 5,
      first_comment: 2,
      poll: 2,
      evergreen: 2,
    });
    // A feature the user has no account for becomes a plain post.
    const kind = accountsFor(user, wanted).length > 0 ? wanted : "single";
    const accounts = accountsFor(user, kind);
    const targets = random.sample(accounts, random.int(1, Math.min(kind in FEATURES ? 2 : 3, accounts.length)));
    rows.push({ user, tag: `s${seed}p${p}`, at, kind, targets });
  }
  const body = (row) => ({
    text: postText(row.tag),
    platforms: targetsOf(row.targets),
    schedule_type: "scheduled",
    scheduled_at: new Date(row.at).toISOString(),
    ...FEATURES[row.kind]?.body(row.tag, postText),
  });
  const remember = (row, post) => world.posts.push({ id: post.id, tag: row.tag, userId: row.user.id, kind: row.kind });

  const byUser = new Map();
  for (const row of rows.filter((r) => r.kind === "bulk")) {
    byUser.set(row.user, [...(byUser.get(row.user) ?? []), row]);
  }
  const jobs = [];
  for (const [user, list] of byUser) {
    for (let i = 0; i < list.length; i += 100) jobs.push({ user, chunk: list.slice(i, i + 100) });
  }
  for (const row of rows.filter((r) => r.kind !== "bulk")) jobs.push({ user: row.user, row });
  await inTurns(jobs, 4, async (job) => {
    const as = api.as(job.user.key);
    try {
      if (job.chunk) {
        const made = await as.post("/api/v1/posts/bulk", job.chunk.map(body));
        for (const [i, post] of made.entries()) remember(job.chunk[i], post);
        return;
      }
      const post = await as.post("/api/v1/posts", body(job.row));
      remember(job.row, post);
      if (job.row.kind === "review") await as.post(`/api/v1/posts/${post.id}/request-approval`);
      else if (
        hasPlugs(job.user.plan) &&
        random.chance(0.3) &&
        job.row.targets.some((t) => PLUG_PLATFORMS.includes(t.platform))
      ) {
        const account = job.row.targets.find((t) => PLUG_PLATFORMS.includes(t.platform));
        const plug = await as.post(`/api/v1/posts/${post.id}/plugs`, {
          account_id: account.id,
          trigger: { metric: "likes", threshold: 5 },
          action: { kind: "comment", text: `Plug ${job.row.tag}` },
        });
        world.plugs.push({
          id: plug.id,
          postId: post.id,
          accountId: account.id,
          key: job.user.key,
          at: job.row.at,
          tag: job.row.tag,
        });
      }
    } catch (error) {
      fail(job.chunk ? "bulk" : job.row.kind, error);
    }
  });
}

/** `items` by `keyOf` (an item whose key is undefined left out), in their order. */
export const group = (items, keyOf) => {
  const map = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    map.set(key, [...(map.get(key) ?? []), item]);
  }
  return map;
};

/** How many of `items` have each key of `keyOf` (an item whose key is undefined left out), as an object. */
export const countBy = (items, keyOf) =>
  Object.fromEntries([...group(items, keyOf)].map(([key, list]) => [key, list.length]));

/** Runs `work` over `items`, `limit` at a time. */
export async function inTurns(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
