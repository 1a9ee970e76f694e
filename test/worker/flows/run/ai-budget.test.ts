// Issue #39: an outsider cannot spend the owner's AI credits. AI replies are capped per contact per day (a tunable,
// default 5) and, when the owner sets one, per flow per day; past a cap the plain acknowledgement goes, costing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../../helpers/api";
import { inbound, inboundTaken, liveFlow, moveClock, textsTo, trigger } from "../../helpers/flow-runs";
import { flows } from "../../helpers/flows";
import { resetClock } from "../../helpers/posts";
import { setConfig } from "../../helpers/webhooks";

const PLAIN = "Thanks for your message! We'll get back to you soon.";
const DAY = 86_400_000;

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

/** A live flow answering every DM with `keyword` by an AI reply. */
const aiFlow = (name: string, keyword: string) =>
  liveFlow(
    user.key,
    ig,
    name,
    [trigger("dm_keyword", [keyword]), { type: "ai_reply", name: "Answer", data: { instructions: "Answer kindly." } }],
    [["Trigger", "Answer"]],
  );

const creditsUsed = async () => (await api("GET", "/api/v1/ai-credits", { key: user.key })).body.data.used as number;

/** `contactId` writes `text` (event `id`); answers once the runner has handled it. */
async function dm(contactId: string, id: string, text: string) {
  await inbound(user.key, { account_id: ig, kind: "message", id, sender_id: contactId, text });
  await inboundTaken(ig, id);
}

const aiReplies = (texts: string[]) => texts.filter((t) => t !== PLAIN);

describe("the per-contact cap (flow_ai_replies_per_contact_per_day, default 5)", () => {
  it("one sender's many DMs get 5 AI replies a day, then the plain one; others and the next day get AI again", async () => {
    await aiFlow("Spent", "SPEND");
    const before = await creditsUsed();
    for (let i = 0; i < 8; i++) await dm("u-spender", `m-spend-${i}`, `spend ${i}`);
    const texts = await textsTo(user.key, ig, "u-spender");
    expect(texts).toHaveLength(8);
    expect(aiReplies(texts)).toHaveLength(5);
    expect(texts.slice(5)).toEqual([PLAIN, PLAIN, PLAIN]);
    expect((await creditsUsed()) - before).toBe(25);

    await dm("u-other", "m-spend-other", "spend too");
    expect(aiReplies(await textsTo(user.key, ig, "u-other"))).toHaveLength(1);
    await moveClock(user.key, DAY);
    await dm("u-spender", "m-spend-next-day", "spend again");
    expect((await textsTo(user.key, ig, "u-spender")).at(-1)).not.toBe(PLAIN);
    expect((await creditsUsed()) - before).toBe(35);
  });

  it("is a deployment tunable", async () => {
    await aiFlow("Tuned", "TUNED");
    expect((await setConfig(user.key, { flow_ai_replies_per_contact_per_day: 2 })).status).toBe(200);
    try {
      for (let i = 0; i < 4; i++) await dm("u-tuned", `m-tuned-${i}`, `tuned ${i}`);
      const texts = await textsTo(user.key, ig, "u-tuned");
      expect(aiReplies(texts)).toHaveLength(2);
      expect(texts.slice(2)).toEqual([PLAIN, PLAIN]);
    } finally {
      await setConfig(user.key, { flow_ai_replies_per_contact_per_day: 5 });
    }
  });
});

describe("a flow's own daily budget (ai_replies_per_day)", () => {
  it("set on a live flow, it holds across contacts, even when they all write at once (three rounds)", async () => {
    for (let round = 0; round < 3; round++) {
      const flow = await aiFlow(`Budget ${round}`, `BUDGET${round}`);
      const set = await api("PATCH", `/api/v1/flows/${flow.id}`, { key: user.key, body: { ai_replies_per_day: 2 } });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ status: "live", ai_replies_per_day: 2 });
      const before = await creditsUsed();
      const contacts = Array.from({ length: 6 }, (_, i) => `u-b${round}-${i}`);
      await Promise.all(
        contacts.map((c) =>
          inbound(user.key, { account_id: ig, kind: "message", id: `m-${c}`, sender_id: c, text: `budget${round}` }),
        ),
      );
      for (const c of contacts) await inboundTaken(ig, `m-${c}`);
      const replies = (await Promise.all(contacts.map((c) => textsTo(user.key, ig, c)))).flat();
      expect(replies).toHaveLength(6);
      expect(aiReplies(replies)).toHaveLength(2);
      expect((await creditsUsed()) - before).toBe(10);
    }
  });

  it("null takes the budget away; out of range is a validation error; a rename alone keeps it", async () => {
    const flow = await aiFlow("Settings", "SETTINGS");
    const patch = (body: unknown) => api("PATCH", `/api/v1/flows/${flow.id}`, { key: user.key, body });
    expect((await patch({ ai_replies_per_day: 10 })).body.data.ai_replies_per_day).toBe(10);
    expect((await patch({ name: "Renamed" })).body.data).toMatchObject({ name: "Renamed", ai_replies_per_day: 10 });
    expect((await patch({ ai_replies_per_day: null })).body.data.ai_replies_per_day).toBeNull();
    for (const bad of [{ ai_replies_per_day: 0 }, { ai_replies_per_day: 1.5 }, { ai_replies_per_day: "3" }, {}]) {
      const res = await patch(bad);
      expect([res.status, res.body.error.code]).toEqual([400, "validation_error"]);
    }
    expect((await flows(user.key).get(flow.id)).ai_replies_per_day).toBeNull();
    // A copy keeps the flow's budget.
    await patch({ ai_replies_per_day: 4 });
    expect((await flows(user.key).duplicate(flow.id)).ai_replies_per_day).toBe(4);
  });
});
