// What the soak does while simulated time runs: immediate and next-slot posts, find-slot bursts, inbound comments and
// messages for flows, stops and opt-outs, flows switched off, likes that fire plugs, platform faults, and the kills.
import { MINUTE } from "./clock.mjs";
import { Unanswered } from "./driver.mjs";
import { replyInInbox } from "./inbox.mjs";
import { postText, targetsOf } from "./plan.mjs";

const FAULT_PLATFORMS = ["bluesky", "mastodon", "linkedin", "threads", "facebook", "twitter", "telegram", "instagram"];

export class Actions {
  constructor({ api, admin, world, clock, random, scale, seed, ticks, log }) {
    Object.assign(this, { api, admin, world, clock, random, scale, seed, log });
    const perTick = (n) => n / ticks;
    this.rates = {
      immediate: perTick(scale.posts * 0.1),
      nextSlot: perTick(scale.posts * 0.05),
      inbound: perTick(world.flows.length * 8),
      inboxReply: perTick(world.flows.length * 2),
      findSlot: 1 / 15,
      fault: 1 / 3,
    };
    this.counter = 0;
    this.contacts = [];
    /** Each inbound id's sender: a private reply names the comment it answers, not the person. */
    this.senders = new Map();
    /** What the invariants compare against: when each halt was answered, in service time. */
    this.record = {
      immediate: [],
      nextSlot: [],
      nextSlotRefused: {},
      findSlotBursts: [],
      inbound: 0,
      /** Every inbound event Herald accepted (202), and when (wall time). */
      inboundAccepted: [],
      optOuts: [],
      stops: [],
      deactivated: [],
      replies: [],
      faults: [],
      metricsSet: 0,
      errors: {},
    };
    this.pendingPlugs = [...world.plugs];
  }

  fail(kind, error) {
    const key = error instanceof Unanswered ? `${kind} (unanswered)` : kind;
    this.record.errors[key] = (this.record.errors[key] ?? 0) + 1;
    if (this.record.errors[key] <= 2) this.log(`${kind}: ${error.message.slice(0, 300)}`);
  }

  /** How many of an action fall in this tick, at `rate` per tick on average. */
  times(rate) {
    let n = Math.floor(rate);
    if (this.random.chance(rate - n)) n++;
    return n;
  }

  /** One tick's actions, started together. */
  tick({ faults = true } = {}) {
    const work = [];
    for (let i = this.times(this.rates.immediate); i > 0; i--) work.push(this.immediatePost());
    for (let i = this.times(this.rates.nextSlot); i > 0; i--) work.push(this.nextSlotPost());
    for (let i = this.times(this.rates.inbound); i > 0; i--) work.push(this.inbound());
    for (let i = this.times(this.rates.inboxReply); i > 0; i--) work.push(this.inboxReply());
    if (this.random.chance(this.rates.findSlot)) work.push(this.findSlotBurst());
    if (faults && this.random.chance(this.rates.fault)) work.push(this.fault());
    work.push(this.likes());
    if (this.random.chance(0.02)) work.push(this.deactivateFlow());
    return Promise.all(work);
  }

  userWithAccounts() {
    return this.random.pick(this.world.users.filter((u) => u.accounts.length > 0));
  }

  async immediatePost() {
    const user = this.userWithAccounts();
    const tag = `s${this.seed}i${this.counter++}`;
    const targets = this.random.sample(user.accounts, this.random.int(1, Math.min(2, user.accounts.length)));
    try {
      const post = await this.api.as(user.key).persist(
        "POST",
        "/api/v1/posts",
        {
          text: postText(tag),
          platforms: targetsOf(targets),
          schedule_type: "immediate",
        },
        { idempotencyKey: tag },
      );
      this.world.posts.push({ id: post.data.id, tag, userId: user.id, kind: "immediate" });
      this.record.immediate.push({ id: post.data.id, createdAt: Date.parse(post.data.created_at) });
    } catch (error) {
      this.fail("immediate post", error);
    }
  }

  async nextSlotPost() {
    const user = this.random.pick(this.world.users.filter((u) => u.slotAccounts));
    if (!user) return;
    const tag = `s${this.seed}n${this.counter++}`;
    try {
      const post = await this.api.as(user.key).persist(
        "POST",
        "/api/v1/posts",
        {
          text: postText(tag),
          platforms: targetsOf(user.slotAccounts.map((id) => user.accounts.find((a) => a.id === id))),
          next_slot: true,
        },
        { idempotencyKey: tag },
      );
      this.world.posts.push({ id: post.data.id, tag, userId: user.id, kind: "next_slot" });
      this.record.nextSlot.push({ id: post.data.id, at: post.data.scheduled_at, accounts: user.slotAccounts });
    } catch (error) {
      if (error.code) {
        const n = (this.record.nextSlotRefused[error.code] ?? 0) + 1;
        this.record.nextSlotRefused[error.code] = n;
        if (n <= 2) this.log(`next-slot post refused: ${error.message.slice(0, 300)}`);
      } else this.fail("next-slot post", error);
    }
  }

  /** Several find-slot calls for the same accounts at once: each held slot must go to one caller. */
  async findSlotBurst() {
    const user = this.random.pick(this.world.users.filter((u) => u.slotAccounts));
    if (!user) return;
    const before = this.clock.moves.length;
    const path = `/api/v1/find-slot?account_ids=${user.slotAccounts.join(",")}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        this.api
          .as(user.key)
          .request("GET", path)
          .catch((e) => ({ error: e.message })),
      ),
    );
    this.record.findSlotBursts.push({
      userId: user.id,
      clockMoved: this.clock.moves.length !== before,
      answers: answers.map((a) =>
        a.error
          ? { unanswered: true }
          : a.body?.success
            ? { held: a.body.data.held, slotId: a.body.data.slot_id, at: a.body.data.at }
            : { status: a.status, code: a.body?.error?.code },
      ),
    });
  }

  async inbound() {
    const flow = this.random.pick(this.world.flows);
    if (!flow) return;
    const known = this.contacts.filter((c) => c.flow === flow && !c.stopped);
    const gone = this.contacts.filter((c) => c.flow === flow && c.stopped);
    const contact =
      gone.length > 0 && this.random.chance(0.1)
        ? this.random.pick(gone)
        : known.length > 0 && this.random.chance(0.3)
          ? this.random.pick(known)
          : { flow, id: `c${this.counter++}`, stopped: false };
    if (!this.contacts.includes(contact)) this.contacts.push(contact);
    const roll = this.random.next();
    const api = this.api.as(flow.key);
    try {
      if (!contact.stopped && contact !== this.contacts.at(-1) && roll < 0.25) {
        // The contact opts out: by a stop word (processed in turn), or by the owner through the API (at once).
        contact.stopped = true;
        if (roll < 0.15) {
          const text = this.random.pick(["stop", "Stop.", "STOP!", "stop please", "Unsubscribe."]);
          const body = this.inboundBody(flow, contact, "message", text);
          await this.sendInbound(api, body);
          this.record.stops.push({
            flowId: flow.id,
            accountId: flow.accountId,
            contact: contact.id,
            text,
            inboundId: body.id,
          });
        } else {
          await api.persist("POST", "/api/v1/sandbox/contacts", {
            account_id: flow.accountId,
            contact_id: contact.id,
            opted_out: true,
          });
          this.record.optOuts.push({ accountId: flow.accountId, contact: contact.id, at: this.clock.now() });
        }
        return;
      }
      const kind = flow.kind === "dm_keyword" ? "message" : "comment";
      // An opted-out contact writes again: their keyword must start nothing.
      await this.sendInbound(api, this.inboundBody(flow, contact, kind, `${flow.keyword} there`));
      this.record.inbound++;
      if (contact.stopped) this.record.afterStop = (this.record.afterStop ?? 0) + 1;
    } catch (error) {
      this.fail("inbound", error);
    }
  }

  async sendInbound(api, body) {
    await api.persist("POST", "/api/v1/sandbox/inbound", body);
    this.record.inboundAccepted.push({ accountId: body.account_id, id: body.id, wall: Date.now() });
  }

  inboundBody(flow, contact, kind, text) {
    const id = `in${this.seed}-${this.counter++}`;
    this.senders.set(id, contact.id);
    return { account_id: flow.accountId, kind, id, sender_id: contact.id, text };
  }

  /** The owner answers in the inbox: each reply must reach the platform once, across kills. */
  async inboxReply() {
    const flow = this.random.pick(this.world.flows);
    if (!flow) return;
    try {
      const tag = `s${this.seed}r${this.counter++}`;
      const reply = await replyInInbox({ api: this.api, flow, choice: this.random.next(), tag });
      if (reply) this.record.replies.push(reply);
    } catch (error) {
      this.fail("inbox reply", error);
    }
  }

  async deactivateFlow() {
    const live = this.world.flows.filter((f) => !f.off);
    if (live.length <= 1) return;
    const flow = this.random.pick(live);
    flow.off = true;
    try {
      await this.api.as(flow.key).persist("POST", `/api/v1/flows/${flow.id}/deactivate`);
      this.record.deactivated.push({ flowId: flow.id, tag: flow.tag, at: this.clock.now() });
    } catch (error) {
      this.fail("deactivate", error);
    }
  }

  /** Likes past the threshold on posts with a plug, once each is published (404 until then: tried again later). */
  async likes() {
    const due = this.pendingPlugs.filter((p) => p.at < this.clock.now() - MINUTE).slice(0, 10);
    await Promise.all(
      due.map(async (plug) => {
        try {
          await this.api.as(plug.key).post("/api/v1/sandbox/metrics", {
            post_id: plug.postId,
            account_id: plug.accountId,
            likes: 6,
          });
          this.pendingPlugs.splice(this.pendingPlugs.indexOf(plug), 1);
          this.record.metricsSet++;
        } catch (error) {
          if (error.status === 404) plug.tries = (plug.tries ?? 0) + 1;
          if (plug.tries > 50) this.pendingPlugs.splice(this.pendingPlugs.indexOf(plug), 1);
          if (error.status !== 404) this.fail("metrics", error);
        }
      }),
    );
  }

  async fault() {
    const platform = this.random.pick(FAULT_PLATFORMS);
    const mode = this.random.weighted({ error: 35, rate_limited: 25, timeout: 15, reject: 25 });
    const count = this.random.int(1, 2);
    try {
      await this.admin.post("/api/v1/sandbox/faults", { platform, mode, count });
      this.record.faults.push({ platform, mode, count, at: this.clock.now() });
    } catch (error) {
      this.fail("fault", error);
    }
  }

  async clearFaults() {
    for (const platform of FAULT_PLATFORMS) {
      await this.admin.persist("POST", "/api/v1/sandbox/faults", { platform, mode: "error", count: 0 });
    }
  }

  /**
   * Work aimed at by a kill, started just before it: a burst of due posts (publishing), a burst of events (fan-out),
   * likes on plugged posts and the plug checks (plug firing), or a burst of inbound messages (flow runs).
   */
  async aimAt(kind) {
    const quietly = (p) => p.catch(() => {});
    if (kind === "publishing") {
      for (let i = 0; i < 10; i++) quietly(this.immediatePost());
      quietly(this.clock.tick());
    } else if (kind === "fan-out") {
      const hook = this.random.pick(this.world.webhooks);
      if (hook) {
        const user = this.world.users.find((u) => u.id === hook.userId);
        quietly(this.api.as(user.key).post("/api/v1/sandbox/events", { event: "post.published", count: 200 }));
      }
    } else if (kind === "plugs") {
      quietly(this.likes());
      quietly(this.clock.fire("* * * * *"));
    } else {
      for (let i = 0; i < 15; i++) quietly(this.inbound());
      for (let i = 0; i < 5; i++) quietly(this.inboxReply());
    }
  }
}
