// The soak's verdict: the truth read from Herald's API and the sandbox's records (and the local D1 where no API
// shows it), each invariant of issue #39 checked with the ids that broke it, and the latency figures.
import { executeLocal } from "../../scripts/lib/server.mjs";
import { MINUTE } from "./clock.mjs";
import { checkFeatures } from "./feature-checks.mjs";
import { checkReplies } from "./inbox.mjs";
import { countBy, group, inTurns } from "./plan.mjs";

/** A post's tag in its text; an evergreen copy's adds its number (`s1p5r1`). */
const TAG = /Soak (s\d+[pin]\d+(?:r\d+)?):/;
const FLOW_TAG = /^(F\d+[dc]) (one|two|three)$/;
const MAX_TRIES = 5;
const SWITCH_OFF_AFTER = 3;
const HOLD_MS = 10 * MINUTE;

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Everything each user has, through the API: posts, the sandbox's calls, events, webhooks. */
async function readThroughApi(api, world) {
  const truth = { posts: [], calls: [], events: [], webhooks: [] };
  await inTurns(world.users, 4, async (user) => {
    const as = api.as(user.key);
    for await (const page of as.pages("/api/v1/posts?limit=100")) {
      truth.posts.push(...page.map((p) => ({ ...p, userId: user.id })));
    }
    const calls = await as.persist("GET", "/api/v1/sandbox/published");
    truth.calls.push(...calls.data.map((c) => ({ ...c, userId: user.id })));
    for await (const page of as.pages("/api/v1/events?limit=100", "after")) {
      truth.events.push(...page.map((e) => ({ ...e, userId: user.id })));
    }
    const hooks = await as.persist("GET", "/api/v1/webhooks");
    truth.webhooks.push(...hooks.data);
  });
  return truth;
}

/** What only the local D1 holds: deliveries and their tries, the outbox's order, plugs, executions, targets left. */
function readD1(persistTo) {
  const query = (sql) => JSON.parse(executeLocal(persistTo, ["--json", "--command", sql]))[0].results;
  return {
    deliveries: query("SELECT webhook_id, event_id, status, attempts, updated_at FROM webhook_deliveries"),
    attempts: query(
      "SELECT webhook_id, event_id, attempt, ok, created_at FROM delivery_attempts WHERE trigger = 'delivery'",
    ),
    events: query("SELECT id, seq, type, account_id, user_id, created_at FROM events"),
    webhooks: query("SELECT id, start_seq, switched_off_at, active FROM webhooks"),
    plugs: query("SELECT id, state, fired_at, action_platform_post_id, error FROM plugs"),
    executions: query(
      "SELECT id, flow_id, account_id, contact_id, status, stop_reason, started_at, ended_at FROM flow_executions",
    ),
    inbound: query("SELECT account_id, external_id, sender_id, done_at FROM inbound_events"),
  };
}

export async function checkInvariants({
  api,
  world,
  actions,
  clock,
  receivers,
  feeds,
  supervisor,
  backlog,
  persistTo,
}) {
  const end = clock.now();
  const truth = await readThroughApi(api, world);
  const occurrences = await holdsOf(api, world, end);
  const replies = await checkReplies({ api, replies: actions.record.replies, calls: truth.calls });
  await supervisor.stop();
  const d1 = readD1(persistTo);

  const invariants = [];
  const check = (name, broken, detail = {}) =>
    invariants.push({ name, count: broken.length, ids: broken.slice(0, 50), ...detail });

  // Targets: every one due before the end settled, none called twice, none sent without approval.
  const soakPosts = truth.posts.filter((p) => TAG.test(p.text));
  const due = soakPosts.filter(
    (p) => p.status !== "draft" && p.status !== "waiting_for_approval" && Date.parse(p.scheduled_at) <= end,
  );
  const unsettled = due.flatMap((p) =>
    p.platforms
      .filter((t) => !(t.status === "published" || (t.status === "failed" && t.error?.code)))
      .map((t) => `${p.id}/${t.account_id}:${t.status}`),
  );
  check("every target due before the end is settled (published, or failed with a reason)", unsettled, {
    checked: due.reduce((n, p) => n + p.platforms.length, 0),
  });

  // A create retried after a kill may make a second post with the same tag (its Idempotency-Key's claim lapsed with
  // the process: docs/security.md rule 13): each of its targets may have its own call.
  const publishes = truth.calls.filter((c) => c.kind === "publish");
  const tagAt = (tag, accountId) => (tag ? `${tag}@${accountId}` : undefined);
  const targetsByKey = group(
    soakPosts.flatMap((p) => p.platforms.map((t) => tagAt(p.text.match(TAG)[1], t.account_id))),
    (key) => key,
  );
  const twice = [...group(publishes, (c) => tagAt(c.text?.match(TAG)?.[1], c.account_id))]
    .filter(([key, calls]) => calls.length > (targetsByKey.get(key)?.length ?? 0))
    .map(([key, calls]) => `${key}×${calls.length}`);
  const madeAgain = [...group(soakPosts, (p) => p.text.match(TAG)[1])].filter(([, l]) => l.length > 1);
  check("no target called on its platform twice (the sandbox's records)", twice, {
    calls: publishes.length,
    posts_made_again_by_a_retried_create: madeAgain.map(([tag, l]) => `${tag}×${l.length}`),
  });

  const waiting = new Set(
    soakPosts.filter((p) => p.status === "waiting_for_approval").map((p) => p.text.match(TAG)[1]),
  );
  const unapproved = publishes.filter((c) => waiting.has(c.text?.match(TAG)?.[1])).map((c) => c.platform_post_id);
  check("no post waiting for review was published", unapproved, { waiting: waiting.size });

  // Threads, first comments, polls and evergreen repeats: each step once, in its order, as its post says.
  for (const { name, broken, ...detail } of checkFeatures({ world, posts: soakPosts, calls: truth.calls }))
    check(name, broken, detail);

  const recorded = new Set(soakPosts.flatMap((p) => p.platforms.map((t) => t.platform_post_id).filter(Boolean)));
  const unrecorded = publishes.filter((c) => TAG.test(c.text ?? "") && !recorded.has(c.platform_post_id));

  // Events: every one written reached every receiver subscribed (verified), and none reached one it should not.
  const eventsById = new Map(d1.events.map((e) => [e.id, e]));
  const hookRows = new Map(d1.webhooks.map((w) => [w.id, w]));
  const deliveries = group(d1.deliveries, (d) => `${d.webhook_id}/${d.event_id}`);
  const missing = [];
  const unexpected = [];
  const gaveUp = [];
  let expectedPairs = 0;
  for (const hook of world.webhooks) {
    const row = hookRows.get(hook.id);
    const wants = (e) =>
      e.user_id === hook.userId &&
      e.seq > row.start_seq &&
      hook.events.includes(e.type) &&
      (hook.accountIds.length === 0 || e.account_id === null || hook.accountIds.includes(e.account_id));
    const wanted = d1.events.filter(wants);
    for (const id of hook.receiver.got.keys()) {
      const e = eventsById.get(id);
      if (!e || !wants(e)) unexpected.push(`${hook.id}:${id}`);
    }
    if (row.switched_off_at !== null) continue;
    for (const e of wanted) {
      expectedPairs++;
      if (hook.receiver.got.has(e.id)) continue;
      const delivery = deliveries.get(`${hook.id}/${e.id}`)?.[0];
      if (delivery?.status === "failed" && hook.behaviour !== "healthy") gaveUp.push(`${hook.id}:${e.id}`);
      else missing.push(`${hook.id}:${e.id}:${delivery?.status ?? "no delivery"}`);
    }
  }
  check("every event written was delivered at least once to every receiver subscribed to it", missing, {
    expected: expectedPairs,
    given_up_after_every_try_while_the_receiver_failed: gaveUp.length,
  });
  check("no receiver got an event it should not have", unexpected);
  check(
    "every request a receiver got was signed and verified",
    receivers.badSignatures.map((b) => `${b.receiver}: ${b.error}`),
    { requests: [...receivers.receivers.values()].reduce((n, r) => n + r.requests, 0) },
  );

  // Webhooks switched off: only after 3 events in a row failed every try.
  const wronglyOff = [];
  const switchedOff = truth.webhooks.filter((w) => w.switched_off_at);
  for (const hook of switchedOff) {
    // Each event's delivery ends with its first success or its last try failed; the switch-off came with an end.
    const offAt = Date.parse(hook.switched_off_at);
    const ends = [
      ...group(
        d1.attempts.filter((a) => a.webhook_id === hook.id),
        (a) => a.event_id,
      ),
    ]
      .map(([eventId, tries]) => {
        const success = tries.find((t) => t.ok);
        const last = tries.find((t) => t.attempt >= MAX_TRIES);
        const end = success ?? last;
        return end && { eventId, at: end.created_at, failed: !success, tries: tries.length };
      })
      .filter((e) => e && e.at <= offAt)
      .sort((a, b) => a.at - b.at);
    const last = ends.slice(-SWITCH_OFF_AFTER);
    const ok = last.length === SWITCH_OFF_AFTER && last.every((e) => e.failed && e.tries >= MAX_TRIES);
    if (!ok)
      wronglyOff.push(
        `${hook.id}: ${last.map((e) => `${e.eventId} ${e.failed ? "failed" : "ok"}/${e.tries}`).join(", ")}`,
      );
  }
  const deadHooks = world.webhooks.filter((w) => w.behaviour === "dead");
  check("every webhook switched off had 3 consecutive events fail every retry", wronglyOff, {
    switched_off: switchedOff.length,
    dead_receivers: deadHooks.length,
    dead_receivers_switched_off: deadHooks.filter((w) => switchedOff.some((s) => s.id === w.id)).length,
  });

  // Plugs: each fired at most once.
  const plugComments = truth.calls.filter((c) => c.kind === "comment" && /^Plug /.test(c.text ?? ""));
  const firedTwice = [...group(plugComments, (c) => c.text)]
    .filter(([, l]) => l.length > 1)
    .map(([t, l]) => `${t}×${l.length}`);
  check("no plug fired twice", firedTwice, {
    plugs: d1.plugs.length,
    comments: plugComments.length,
    states: countBy(d1.plugs, (p) => p.state),
  });

  // Flows: nothing sent after the execution stopped, the flow went off, or the contact opted out.
  const flowByTag = new Map(world.flows.map((f) => [f.tag, f]));
  const sends = truth.calls
    .filter((c) => c.kind === "message" || c.kind === "private_reply")
    .map((c) => {
      const text = c.blocks?.[0]?.text ?? c.text ?? "";
      const tag = text.match(FLOW_TAG)?.[1];
      const contact = c.kind === "message" ? c.recipient_id : actions.senders.get(c.parent_platform_post_id);
      return { ...c, flow: flowByTag.get(tag), contact, atMs: Date.parse(c.at) };
    })
    // A flow's sends only: the inbox's replies are the owner's, checked below.
    .filter((s) => s.flow);
  // Each send is its flow's execution for the contact that had started by then (one at a time per flow and contact):
  // a later execution, started once a takeover ended or the contact wrote again, sends on its own account.
  const executionsOf = group(d1.executions, (e) => `${e.flow_id}/${e.contact_id}`);
  const afterStop = [];
  for (const s of sends) {
    const exec = (executionsOf.get(`${s.flow.id}/${s.contact}`) ?? [])
      .filter((e) => e.started_at <= s.atMs)
      .sort((a, b) => a.started_at - b.started_at)
      .at(-1);
    if (exec?.ended_at != null && s.atMs > exec.ended_at) {
      afterStop.push(`${exec.id} (${exec.stop_reason ?? exec.status}): ${s.platform_post_id}`);
    }
  }
  const stopped = d1.executions.filter((e) => e.status === "stopped" && e.ended_at !== null);
  for (const off of actions.record.deactivated) {
    for (const s of sends)
      if (s.flow?.id === off.flowId && s.atMs > off.at) afterStop.push(`flow ${off.flowId} off: ${s.platform_post_id}`);
  }
  for (const out of actions.record.optOuts) {
    for (const s of sends) {
      if (s.account_id === out.accountId && s.contact === out.contact && s.atMs > out.at) {
        afterStop.push(`${out.contact} opted out: ${s.platform_post_id}`);
      }
    }
  }
  check("no flow sent a message after its execution stopped, its flow went off, or its contact opted out", afterStop, {
    sends: sends.length,
    stopped_executions: stopped.length,
    flows_switched_off: actions.record.deactivated.length,
    opt_outs: actions.record.optOuts.length,
  });
  // Inbound: every event Herald accepted was handled. wrangler dev keeps queue messages in memory, so a kill drops
  // the messages not yet handled; Herald keeps each accepted event in D1 before it queues it, and the minute's sweep
  // queues a lost one again, so none may be missing.
  const handled = new Map(d1.inbound.map((i) => [`${i.account_id}/${i.external_id}`, i.done_at]));
  const unhandled = actions.record.inboundAccepted.filter((e) => handled.get(`${e.accountId}/${e.id}`) == null);
  check(
    "every inbound event accepted was handled",
    unhandled.map((e) => `${e.id}@${e.accountId}`),
    { accepted: actions.record.inboundAccepted.length },
  );
  // A stop word opts out once handled: nothing automated reaches the contact after it, whatever they send next.
  const afterStopWord = [];
  for (const stop of actions.record.stops) {
    const doneAt = handled.get(`${stop.accountId}/${stop.inboundId}`);
    if (doneAt === undefined || doneAt === null) {
      afterStopWord.push(`${stop.contact} ("${stop.text}") never handled`);
      continue;
    }
    for (const s of sends) {
      if (s.account_id === stop.accountId && s.contact === stop.contact && s.atMs > doneAt) {
        afterStopWord.push(`${stop.contact} ("${stop.text}"): ${s.platform_post_id}`);
      }
    }
  }
  check("every stop word opted its contact out (nothing sent to them once it was handled)", afterStopWord, {
    stop_words: actions.record.stops.length,
    keywords_sent_after_opting_out: actions.record.afterStop ?? 0,
  });

  // Inbox replies: each accepted reply sent once, whatever the kills did to its queue message.
  check(
    "every inbox reply sent to its platform exactly once (none pending, none twice)",
    replies.broken,
    replies.detail,
  );

  // Posting slots: each occurrence to one post, each find-slot hold to one caller.
  const slotPosts = soakPosts.filter((p) => world.posts.some((w) => w.id === p.id && w.kind === "next_slot"));
  const sharedSlots = [
    ...group(
      slotPosts.flatMap((p) => p.platforms.map((t) => ({ p, t }))),
      ({ p, t }) => `${t.account_id}@${p.scheduled_at}`,
    ),
  ]
    .filter(([, l]) => l.length > 1)
    .map(([key, l]) => `${key}: ${l.map(({ p }) => p.id).join(",")}`);
  for (const burst of actions.record.findSlotBursts) {
    if (burst.clockMoved) continue;
    const held = burst.answers.filter((a) => a.held);
    for (const [key, l] of group(held, (a) => `${a.slotId}@${a.at}`))
      if (l.length > 1) sharedSlots.push(`find-slot ${key}×${l.length}`);
  }
  check("every posting slot held by at most one post", sharedSlots, {
    next_slot_posts: slotPosts.length,
    find_slot_bursts: actions.record.findSlotBursts.length,
  });

  // D1 and the Durable Objects agree: nothing publishing or running forever, no hold without its expiry.
  const stuck = [
    ...due.flatMap((p) =>
      p.platforms.filter((t) => t.status === "publishing").map((t) => `target ${p.id}/${t.account_id}`),
    ),
    ...d1.executions.filter((e) => e.status === "running").map((e) => `execution ${e.id}`),
    ...d1.plugs.filter((p) => p.state === "armed" && p.fired_at !== null).map((p) => `plug ${p.id} firing`),
    ...occurrences.overlong.map((o) => `hold ${o}`),
  ];
  check("D1 and the Durable Objects agree (nothing publishing forever, no hold without expiry)", stuck);

  // Feeds: each item drafted at most once per feed.
  const draftTwice = [];
  for (const feed of world.feeds) {
    const drafts = truth.posts.filter((p) => p.userId === feed.userId && p.text.includes(`${feed.feedId}-item-`));
    for (const [guid, l] of group(drafts, (p) => p.text.match(new RegExp(`${feed.feedId}-item-\\d+`))?.[0])) {
      if (l.length > 1) draftTwice.push(`${feed.id} ${guid}×${l.length}`);
    }
  }
  const feedDrafts = truth.posts.filter((p) => /f\d+-item-\d+/.test(p.text)).length;
  check("no feed item made two posts", draftTwice, { drafts: feedDrafts, feed_requests: feeds.requests });

  const broken = invariants.reduce((n, i) => n + (i.count > 0 ? 1 : 0), 0);
  return {
    broken,
    invariants,
    figures: figuresOf({ soakPosts, publishes, clock, supervisor, world }),
    counts: {
      posts: soakPosts.length,
      targets: soakPosts.reduce((n, p) => n + p.platforms.length, 0),
      published: soakPosts.reduce((n, p) => n + p.platforms.filter((t) => t.status === "published").length, 0),
      failed: soakPosts.reduce((n, p) => n + p.platforms.filter((t) => t.status === "failed").length, 0),
      failures: countBy(
        soakPosts.flatMap((p) => p.platforms.filter((t) => t.status === "failed")),
        (t) => t.error?.code,
      ),
      waiting_for_review: waiting.size,
      platform_calls: truth.calls.length,
      published_but_recorded_otherwise: unrecorded.length,
      events: d1.events.length,
      events_by_type: countBy(d1.events, (e) => e.type),
      deliveries_by_status: countBy(d1.deliveries, (d) => d.status),
      receiver_requests: [...receivers.receivers.values()].reduce((n, r) => n + r.requests, 0),
      receiver_refusals: [...receivers.receivers.values()].reduce((n, r) => n + r.failedAnswers, 0),
      executions_by_status: countBy(d1.executions, (e) => e.status),
      flow_sends: sends.length,
      backlog_at_end: backlog,
    },
  };
}

/** Holds that outlive their ten minutes (a hold with no expiry), read from the occurrences of each user's slots. */
async function holdsOf(api, world, end) {
  const overlong = [];
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  await inTurns(
    world.users.filter((u) => u.slotAccounts),
    4,
    async (user) => {
      const path = `/api/v1/posting-slots/occurrences?from=${day(end - 86_400_000)}&to=${day(end + 7 * 86_400_000)}`;
      const list = await api.as(user.key).persist("GET", path);
      for (const o of list.data) {
        if (o.reserved_until && Date.parse(o.reserved_until) > end + HOLD_MS + MINUTE)
          overlong.push(`${o.slot_id}@${o.at}`);
      }
    },
  );
  return { overlong };
}

/**
 * Publish lag (wall time from when a target became due to its platform call) outside the crash windows, and how long
 * after each restart publishing went on.
 */
function figuresOf({ soakPosts, publishes, clock, supervisor, world }) {
  const callOf = new Map(publishes.map((c) => [c.platform_post_id, c]));
  const kindOf = new Map(world.posts.map((p) => [p.id, p.kind]));
  const inOutage = (wall) =>
    supervisor.outages.some((o) => wall >= o.killedAt - 5_000 && wall <= (o.upAt ?? Infinity) + 30_000);
  const lags = { scheduled: [], immediate: [] };
  for (const post of soakPosts) {
    const kind = kindOf.get(post.id) === "immediate" ? "immediate" : "scheduled";
    const dueService = Date.parse(kind === "immediate" ? post.created_at : post.scheduled_at);
    const dueWall = clock.wallOf(dueService);
    for (const t of post.platforms) {
      const call = t.platform_post_id && callOf.get(t.platform_post_id);
      if (!call || t.attempts > 1) continue;
      if (inOutage(dueWall)) continue;
      lags[kind].push(clock.wallOf(Date.parse(call.at)) - dueWall);
    }
  }
  const callWalls = publishes.map((c) => clock.wallOf(Date.parse(c.at))).sort((a, b) => a - b);
  const restarts = supervisor.outages.map((o) => {
    const next = callWalls.find((w) => w >= o.upAt);
    return {
      aimed_at: o.aimedAt,
      down_ms: o.upAt - o.killedAt,
      publishing_resumed_after_ms: next === undefined ? null : next - o.upAt,
    };
  });
  const summary = (values) => ({
    samples: values.length,
    p50_ms: percentile(values, 50),
    p99_ms: percentile(values, 99),
  });
  return { publish_lag_scheduled: summary(lags.scheduled), publish_lag_immediate: summary(lags.immediate), restarts };
}
