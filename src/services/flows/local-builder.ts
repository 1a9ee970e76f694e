// The deterministic local flow builder: keywords, trigger and fields read from the description.
import type { FlowTriggerKind } from "../../platforms/catalog";
import type { CollectData } from "../../schemas/flow-steps";
import type { BuildRequest, FlowBuilder, FlowDraft } from "./builder";

type FieldType = NonNullable<CollectData["field_type"]>;

const STOPWORDS = new Set(
  "a about after all also an and any are as ask asks at be been but by can comment comments commented commenting dm dms for from get gets give has have her him his how i if in into is it its me message messages my new not of on or our out people person post posts reel reply replies send sends so someone story that the their them then they this to up us we what when which who will with word words you your".split(
    " ",
  ),
);
/** Capitalised words that are not keywords. */
const NOT_KEYWORDS = new Set(["DM", "DMS", "AI", "URL", "I", "A"]);

/** The keywords the description names: quoted words first, then words in capitals, then the first telling word. */
export function keywordsFrom(description: string): string[] {
  const quoted = [...description.matchAll(/["“”'‘’]([^"“”'‘’\n]{1,40})["“”'‘’]/g)].map((m) => m[1]!.trim());
  const capitals = [...description.matchAll(/\b[A-Z][A-Z0-9]{1,29}\b/g)]
    .map((m) => m[0])
    .filter((w) => !NOT_KEYWORDS.has(w));
  const found = [...new Set([...quoted, ...capitals].filter(Boolean))].slice(0, 5);
  if (found.length > 0) return found;
  const telling = description
    .replace(/https?:\/\/\S+/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .find((w) => w.length >= 4 && !STOPWORDS.has(w.toLowerCase()));
  return telling ? [telling.toUpperCase()] : [];
}

/** The trigger the description asks for, among those the account offers. */
export function triggerKindFrom(description: string, offered: readonly FlowTriggerKind[]): FlowTriggerKind {
  const asked: [RegExp, FlowTriggerKind][] = [
    [/\bmentions?\b.*\bstor(y|ies)\b|\bstor(y|ies)\b.*\bmentions?\b/i, "story_mention"],
    [/\bstor(y|ies)\b.*\brepl(y|ies)\b|\brepl(y|ies)\b.*\bstor(y|ies)\b/i, "story_reply"],
    [/\bcomments?\b|\bcommenting\b/i, "comment_keyword"],
    [/\b(dms?|direct messages?|messages?|whatsapp|texts?)\b/i, "dm_keyword"],
  ];
  const match = asked.find(([pattern, kind]) => pattern.test(description) && offered.includes(kind))?.[1];
  return match ?? (offered.includes("comment_keyword") ? "comment_keyword" : offered[0]!);
}

const FIELDS: [RegExp, FieldType, string, string][] = [
  [/\be-?mails?\b/i, "email", "Email", "email address"],
  [/\b(phone|mobile|cell|whatsapp number|telephone)\b/i, "phone", "Phone", "phone number"],
  [/\b(website|url|web address|portfolio|link to your)\b/i, "url", "Website", "website"],
  [/\b(birthday|date of birth|date)\b/i, "date", "Date", "date (YYYY-MM-DD)"],
  [/\b(how many|quantity|number of|age)\b/i, "number", "Number", "answer as a number"],
];

/** What the flow collects: the first kind of answer the description mentions, else free text. */
export function fieldFrom(description: string): { type: FieldType; label: string; ask: string } {
  const found = FIELDS.find(([pattern]) => pattern.test(description));
  return found ? { type: found[1], label: found[2], ask: found[3] } : { type: "text", label: "Answer", ask: "answer" };
}

const linkIn = (description: string) => /https?:\/\/[^\s<>"')\]]+/i.exec(description)?.[0]?.replace(/[.,;:!?]+$/, "");

const OPENERS: Record<FlowTriggerKind, string> = {
  comment_keyword: "Thanks for your comment!",
  dm_keyword: "Thanks for your message!",
  story_reply: "Thanks for replying to our story!",
  story_mention: "Thanks for the mention!",
};

/**
 * The deterministic builder (no AI binding, offline, tests): a trigger on the keywords the description names,
 * one message (for a comment, the one private reply Meta allows; it carries the description's link and asks
 * for the answer), then a collect step that waits for that answer. The same description builds the same flow.
 */
export const localBuilder: FlowBuilder = {
  kind: "local",
  async build({ description, triggerKinds }: BuildRequest): Promise<FlowDraft> {
    const kind = triggerKindFrom(description, triggerKinds);
    const keywords = keywordsFrom(description);
    const field = fieldFrom(description);
    const link = linkIn(description);
    const text = [OPENERS[kind], link ? `Here is the link: ${link}` : "", `Reply with your ${field.ask}.`]
      .filter(Boolean)
      .join(" ");
    const name = keywords[0]
      ? `${keywords[0]}: collect ${field.label.toLowerCase()}`
      : `Collect ${field.label.toLowerCase()}`;
    return {
      name,
      steps: [
        {
          key: "trigger",
          type: "trigger",
          name: "Trigger",
          data: { config: { kind, keywords, match: keywords.length > 0 ? "contains" : "any" } },
        },
        { key: "reply", type: "message", name: "Reply", data: { blocks: [{ text }], ...(link ? { link } : {}) } },
        {
          key: "collect",
          type: "collect",
          name: `Collect ${field.label.toLowerCase()}`,
          // No prompt: it waits for the answer the reply asked for, so a commenter gets one message.
          data: { field_type: field.type, label: field.label, prompt: "" },
        },
      ],
      edges: [
        { from: "trigger", to: "reply", handle: null },
        { from: "reply", to: "collect", handle: null },
      ],
    };
  },
};
