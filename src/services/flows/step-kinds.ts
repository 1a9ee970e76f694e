// The step-kind registry of a flow: each step type's description, data schema, handles, summary and default name.
import type { z } from "@hono/zod-openapi";
import type { FLOW_TRIGGER_KINDS } from "../../platforms/catalog";
import {
  ActionDataSchema,
  AiReplyDataSchema,
  CollectDataSchema,
  ConditionDataSchema,
  DAY_MS,
  DelayDataSchema,
  type DelayWindow,
  MessageDataSchema,
  PaymentDataSchema,
  type StepDataByType,
  type StepType,
  TriggerDataSchema,
  type TypedStep,
  weekdaysOf,
} from "../../schemas/flow-steps";

/** The handle of a step's one ordinary way on (a trigger firing, a message sent, a wait over). */
export const NEXT = null;

interface StepKind<T extends StepType> {
  description: string;
  data: z.ZodType<StepDataByType[T]>;
  /** The handles connections may leave from (`null` is the ordinary way on). */
  handles: (data: StepDataByType[T]) => (string | null)[];
  summary: (data: StepDataByType[T]) => string;
  /** The name a step gets when none is given. */
  defaultName: string;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function describeDelay(ms: number): string {
  const units: [number, string][] = [
    [DAY_MS, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1000, "second"],
  ];
  for (const [size, word] of units) {
    if (ms >= size && ms % size === 0) return plural(ms / size, word);
  }
  return plural(ms, "millisecond");
}

const WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "09:00 and 10:00 (Mon, Tue, Europe/Berlin)": the days only when not every day, the zone only when set. */
function describeWindow(window: DelayWindow): string {
  const weekdays = weekdaysOf(window);
  const days = weekdays.length < 7 ? [...weekdays].sort().map((d) => WEEKDAY_NAMES[d]) : [];
  const extras = [...days, ...(window.timezone ? [window.timezone] : [])];
  return `${window.start} and ${window.end}${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`;
}

const TRIGGER_WORDS: Record<(typeof FLOW_TRIGGER_KINDS)[number], string> = {
  comment_keyword: "Comment",
  dm_keyword: "Direct message",
  story_reply: "Story reply",
  story_mention: "Story mention",
};

/** Every step type, in the order agents see them. */
export const STEP_KINDS: { [T in StepType]: StepKind<T> } = {
  trigger: {
    description: "What starts the flow: a comment or direct message with a keyword, a story reply or a mention.",
    data: TriggerDataSchema,
    handles: () => [NEXT],
    summary: ({ config }) =>
      config.match === "any" || config.keywords.length === 0
        ? `${TRIGGER_WORDS[config.kind]}: any`
        : `${TRIGGER_WORDS[config.kind]} ${config.match === "exact" ? "is" : "contains"} ${config.keywords.join(", ")}`,
    defaultName: "Trigger",
  },
  message: {
    description:
      "Sends content blocks (text and up to 3 buttons each) and an optional link, or on WhatsApp an approved message `template` ({ name, language, parameters? }: its body variables' values, in order). A postback button continues along the connection that leaves from its id.",
    data: MessageDataSchema,
    handles: (data) => [
      NEXT,
      ...data.blocks.flatMap((b) => b.buttons.filter((x) => x.type === "postback").map((x) => x.id!)),
    ],
    summary: (data) => {
      if (data.template) return `Send template ${data.template.name} (${data.template.language})`;
      const first = data.blocks.find((b) => b.text.trim() !== "")?.text ?? "(empty)";
      const buttons = data.blocks.reduce((n, b) => n + b.buttons.length, 0);
      const extras = [
        data.blocks.length > 1 ? plural(data.blocks.length, "block") : "",
        buttons > 0 ? plural(buttons, "button") : "",
        data.link ? "a link" : "",
      ].filter(Boolean);
      return `Send "${clip(first.replace(/\s+/g, " "), 60)}"${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`;
    },
    defaultName: "Message",
  },
  delay: {
    description:
      "Waits `delay_time` milliseconds (1 second to 365 days). With a `window` ({ start, end, weekdays, timezone }), a wait that ends outside the window lasts until its next opening; inside it the flow goes on at once.",
    data: DelayDataSchema,
    handles: () => [NEXT],
    summary: (data) =>
      `Wait ${describeDelay(data.delay_time)}${data.window ? `, then go on between ${describeWindow(data.window)}` : ""}`,
    defaultName: "Delay",
  },
  condition: {
    description: "Branches on rules about the person: connections leave from `true` and `false`.",
    data: ConditionDataSchema,
    handles: () => ["true", "false"],
    summary: (data) => {
      const [first] = data.rules;
      if (!first) return "If (no rules)";
      const more = data.rules.length > 1 ? ` (${data.match} of ${data.rules.length} rules)` : "";
      return `If ${first.field} ${first.op.replaceAll("_", " ")}${first.value === undefined ? "" : ` ${String(first.value)}`}${more}`;
    },
    defaultName: "Condition",
  },
  collect: {
    description:
      "Asks for and waits for an answer (email, phone, text, number, url or date) and keeps it: connections leave from `valid` and `invalid`.",
    data: CollectDataSchema,
    handles: () => ["valid", "invalid"],
    summary: (data) =>
      `Ask for ${data.field_type ?? "(no field type)"}${data.label ? ` as "${clip(data.label, 40)}"` : ""}`,
    defaultName: "Collect",
  },
  ai_reply: {
    description: "Answers the person with AI following `instructions` (5 AI credits per reply at run time).",
    data: AiReplyDataSchema,
    handles: () => [NEXT],
    summary: (data) =>
      `AI reply: ${data.instructions ? clip(data.instructions.replace(/\s+/g, " "), 60) : "(no instructions)"}`,
    defaultName: "AI reply",
  },
  payment: {
    description:
      "Asks for a payment. Its product and price are set by the owner in Herald; agents may only rename it, and no connection leaves it.",
    data: PaymentDataSchema,
    handles: () => [],
    summary: (data) =>
      data.product_id && data.price
        ? `Payment: ${data.product_id}, ${data.price.amount} ${data.price.currency} (minor units)`
        : "Payment (not configured)",
    defaultName: "Payment",
  },
  action: {
    description: "Does one thing: tag the person, set a field, notify the owner, or call an https URL.",
    data: ActionDataSchema,
    handles: () => [NEXT],
    summary: (data) => {
      switch (data.kind) {
        case "tag":
          return `Tag "${clip(data.tag, 40)}"`;
        case "set_field":
          return `Set ${data.field} to ${clip(String(data.value), 40)}`;
        case "notify":
          return `Notify the owner: ${clip(data.message, 50)}`;
        case "http":
          return `${data.method} ${clip(data.url, 60)}`;
      }
    },
    defaultName: "Action",
  },
};

export const stepKind = <T extends StepType>(type: T) => STEP_KINDS[type] as unknown as StepKind<StepType>;

export const handlesOf = (step: TypedStep) => stepKind(step.type).handles(step.data);
export const summaryOf = (step: TypedStep) => stepKind(step.type).summary(step.data);
