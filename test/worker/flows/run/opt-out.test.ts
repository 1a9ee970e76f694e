// Issue #39: "Stop." opts out. Punctuation, symbols, case and invisible characters are folded, and a stop word as
// the message's first word opts the contact out, through sandbox inbound as a platform brings the message.
import { beforeAll, describe, expect, it } from "vitest";
import { connect, newUser } from "../../helpers/api";
import { inbound, inboundTaken, liveFlow, message, textsTo, trigger } from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
  // Every message starts this flow: a message that does not opt out gets "Hello!".
  await liveFlow(
    user.key,
    ig,
    "Any",
    [trigger("dm_keyword", [], { match: "any" }), message("Hi", "Hello!")],
    [["Trigger", "Hi"]],
  );
});

/** `contactId` sends `text` (event `id`); answers once the runner has it. */
async function says(contactId: string, id: string, text: string) {
  await inbound(user.key, { account_id: ig, kind: "message", id, sender_id: contactId, text });
  await inboundTaken(ig, id);
}

describe("a stop word opts the contact out, however it is written", () => {
  it.each([
    ["stop-dot", "Stop."],
    ["stop-bang", "STOP!"],
    ["stop-please", "stop please"],
    ["unsubscribe-dot", "Unsubscribe."],
    ["stop-emoji", "stop 🛑"],
    ["stop-zwsp", "STOP\u200b"],
    ["stop-nbsp", "\u00a0Stop\u00a0!"],
    ["stop-fullwidth", "ＳＴＯＰ"],
    ["stop-soft-hyphen", "st\u00adop"],
    ["stop-rtl-mark", "\u200fstop\u200f"],
    ["stop-quoted", '"stop"'],
    ["stop-all", "Stop all."],
    ["opt-out", "Opt-out"],
    ["opt-out-words", "opt out, thanks"],
    ["stop-comma", "stop, I don't want these"],
  ])("%s: %j sends nothing now or later", async (contact, text) => {
    await says(contact, `m-${contact}-1`, text);
    await says(contact, `m-${contact}-2`, "hello again");
    expect(await textsTo(user.key, ig, contact)).toEqual([]);
  });

  it.each([
    ["dont-stop", "Don't stop!"],
    ["stopwatch", "Stopwatch price?"],
    ["nonstop", "nonstop deals?"],
    ["stop-in-middle", "please stop by the shop"],
  ])("%s: %j is no opt-out (the stop word is not the first word)", async (contact, text) => {
    await says(contact, `m-${contact}-1`, text);
    expect(await textsTo(user.key, ig, contact)).toEqual(["Hello!"]);
  });

  it('"Start!" opts back in, written any way', async () => {
    await says("u-back", "m-back-1", "STOP.");
    await says("u-back", "m-back-2", "hello");
    expect(await textsTo(user.key, ig, "u-back")).toEqual([]);
    // Back in, the message itself is taken as any other (here it starts the flow), and so is the next.
    await says("u-back", "m-back-3", "Start!");
    await says("u-back", "m-back-4", "hello");
    expect(await textsTo(user.key, ig, "u-back")).toEqual(["Hello!", "Hello!"]);
  });
});
