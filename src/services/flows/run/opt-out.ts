// Whether a person's message opts them out of automations ("stop", however written) or back in ("start").
import type { InboundEvent } from "../../../queues/inbound";

/**
 * The message's words as compared for opting out: NFKC (full-width letters, ligatures), invisible format characters
 * dropped (zero-width spaces, soft hyphens, direction marks), accents and case folded, and everything that is not a
 * letter or a digit (punctuation, symbols, emoji, spaces of any kind) a break between words.
 */
const wordsOf = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const STOP_WORDS = new Set(["stop", "stopall", "unsubscribe", "optout"]);
const START_MESSAGES = new Set(["start", "unstop", "opt in", "optin"]);

/**
 * A stop word as the message's first word ("Stop.", "STOP!", "stop please", "Unsubscribe.", "opt-out, thanks"),
 * while "Don't stop" or "Stopwatch?" are none: a person asking not to be messaged is never missed, and a sentence
 * merely holding the word does not opt anyone out.
 */
export function optsOut(text: string): boolean {
  const [first, second] = wordsOf(text);
  return first !== undefined && (STOP_WORDS.has(first) || (first === "opt" && second === "out"));
}

/** The whole message a start word ("Start!", "opt in"): opting back in is never read into a longer sentence. */
export const optsIn = (text: string) => START_MESSAGES.has(wordsOf(text).join(" "));

/** A message (not a comment) that opts the person out: heard at once, ahead of the contact's other work. */
export const isOptOut = (event: Pick<InboundEvent, "kind" | "text">) => event.kind !== "comment" && optsOut(event.text);
