// Issue #30, rule 4: inbound events are never lost and keep their order.
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ContactRunner } from "../../../../src/durable/contact-runner";
import type { InboundEvent } from "../../../../src/queues/inbound";
import { CLAIM_LEASE_MS, claimInbound, takeInbound } from "../../../../src/services/flows/run/inbound";
import { createRuntime, setClock } from "../../../../src/services/runtime";
import { connect, newUser } from "../../helpers/api";
import {
  executionsOf,
  inboundTaken,
  liveFlow,
  message,
  runnerIdle,
  runnerOf,
  textsTo,
  trigger,
} from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

/** A direct message as the platform's webhook brings it, taken in now. */
async function dm(id: string, senderId: string, text: string): Promise<InboundEvent> {
  const rt = await createRuntime(env);
  return { accountId: ig, platform: "instagram", kind: "message", id, senderId, text, at: rt.clock.now() };
}

/** One delivery of a batch by the queue (`attempts`: how many times it was delivered). */
const delivery = (body: InboundEvent, attempts = 1) => ({ id: `q-${body.id}-${attempts}`, body, attempts });

const textsToContact = (contactId: string) => textsTo(user.key, ig, contactId);

describe("rule 4: a claim with a lease", () => {
  it("an isolate that dies between its claim and the hand-over loses nothing: the event is taken again once its lease lapses", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Lease",
      [trigger("dm_keyword", ["LEASE"]), message("Reply", "Got it")],
      [["Trigger", "Reply"]],
    );
    const event = await dm("m-lease", "u-lease", "lease");
    const rt = await createRuntime(env);
    // The first delivery claims the event, and its isolate dies before handing it to the contact's runner.
    expect(await claimInbound(rt, event, rt.clock.now())).toEqual({ kind: "taken" });

    // The queue delivers it again: while the dead claim's lease holds, it waits for it (not skipped as a duplicate).
    const early = await takeInbound(rt, [delivery(event, 2)]);
    expect(early).toEqual([{ retryAfterSeconds: CLAIM_LEASE_MS / 1000 }]);
    expect(await executionsOf(flow.id)).toEqual([]);

    await setClock(rt, rt.clock.now() + CLAIM_LEASE_MS + 1);
    const later = await createRuntime(env);
    expect(await takeInbound(later, [delivery(event, 3)])).toEqual(["ack"]);
    await runnerIdle(ig, "u-lease");
    expect((await executionsOf(flow.id)).map((e) => e.status)).toEqual(["completed"]);
    expect(await textsToContact("u-lease")).toEqual(["Got it"]);
    await inboundTaken(ig, "m-lease");

    // Done: any later delivery is a duplicate.
    expect(await takeInbound(later, [delivery(event, 4)])).toEqual(["ack"]);
    expect(await textsToContact("u-lease")).toEqual(["Got it"]);
  });

  it("a hand-over repeated after the runner had the event (the claimer died before marking it done) runs nothing twice", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Twice",
      [trigger("dm_keyword", ["TWICE"]), message("Reply", "Once")],
      [["Trigger", "Reply"]],
    );
    const event = await dm("m-twice", "u-twice", "twice");
    const stub = runnerOf(ig, "u-twice");
    await stub.receive(event, null);
    await stub.receive(event, null);
    const rt = await createRuntime(env);
    expect(await takeInbound(rt, [delivery(event)])).toEqual(["ack"]);
    expect(await executionsOf(flow.id)).toEqual([]);
    expect(await textsToContact("u-twice")).toEqual([]);
  });
});

describe("rule 4: claims race", () => {
  it("eight deliveries of one event at once, over ten rounds: each event is handed over exactly once", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Race",
      [trigger("dm_keyword", ["RACE"]), message("Reply", "Once only")],
      [["Trigger", "Reply"]],
    );
    const rt = await createRuntime(env);
    for (let round = 0; round < 10; round++) {
      const event = await dm(`m-race-${round}`, `u-race-${round}`, "race");
      const verdicts = (
        await Promise.all(Array.from({ length: 8 }, (_, i) => takeInbound(rt, [delivery(event, i + 1)])))
      ).flat();
      // One took it; the others found it held (retry when the lease ends) or already done (skipped).
      expect(verdicts.filter((v) => v === "ack").length).toBeGreaterThanOrEqual(1);
      expect(verdicts.every((v) => v === "ack" || typeof v === "object")).toBe(true);
      await runnerIdle(ig, `u-race-${round}`);
      expect(await textsToContact(`u-race-${round}`)).toEqual(["Once only"]);
    }
    expect(await executionsOf(flow.id)).toHaveLength(10);
  });
});

describe("rule 4: a contact's events keep their order", () => {
  it("when one event of a contact must be retried, that contact's later events wait behind it; others go on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await liveFlow(
      user.key,
      ig,
      "Order",
      [trigger("dm_keyword", ["ORDER"]), message("Reply", "Noted")],
      [["Trigger", "Reply"]],
    );
    // Contacts' runners fail the first hand-over of "m-o1", and note what they handled, in order.
    const got: string[] = [];
    const proto = await runInDurableObject(
      runnerOf(ig, "u-order"),
      (r: ContactRunner) => Object.getPrototypeOf(r) as ContactRunner,
    );
    const receive = proto.receive;
    let failed = false;
    proto.receive = async function (this: ContactRunner, event, match) {
      if (event.id === "m-o1" && !failed) {
        failed = true;
        throw new Error("the runner is unavailable");
      }
      await receive.call(this, event, match);
      got.push(event.id);
    };
    const handled = (contactId: string) => got.filter((id) => id.startsWith(contactId === "u-order" ? "m-o" : "m-x"));
    const first = await dm("m-o1", "u-order", "order one");
    const second = { ...(await dm("m-o2", "u-order", "order two")), at: first.at + 1 };
    const other = await dm("m-x1", "u-other", "order three");
    const rt = await createRuntime(env);

    try {
      const verdicts = await takeInbound(rt, [delivery(first), delivery(second), delivery(other)]);
      expect(verdicts).toEqual(["retry", "ack", "ack"]);
      expect(handled("u-order")).toEqual([]);
      expect(handled("u-other")).toEqual(["m-x1"]);

      // The second event went back to the queue and keeps waiting until the first is retried and handed over.
      expect(await takeInbound(rt, [delivery(first, 2)])).toEqual(["ack"]);
      await inboundTaken(ig, "m-o2");
      await runnerIdle(ig, "u-other");
      expect(handled("u-order")).toEqual(["m-o1", "m-o2"]);
      expect(await textsToContact("u-order")).toEqual(["Noted", "Noted"]);
      expect(await textsToContact("u-other")).toEqual(["Noted"]);
    } finally {
      proto.receive = receive;
    }
  });
});
