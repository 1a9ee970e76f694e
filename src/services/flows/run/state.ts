// What a contact's runner keeps in its Durable Object storage: window, controls, learned fields, executions.
import type { StopReason } from "../../../db/schema/flow-runs";

/**
 * What a contact's runner keeps in its Durable Object storage (one object per `<account id>:<sender id>`; see
 * docs/storage.md), each part under its own key so no value grows with the contact's traffic: `contact` (the
 * person's messaging window, what the flows learned about them, the private replies and events it remembers, the AI
 * replies of the day), `controls` (opted out, human takeover: written at once, even while a run is under way) and
 * `exec:<id>` for each execution under way (at most one per flow). D1 keeps the record (`flow_executions`,
 * `collected_items`); this is the working state.
 */

export type FieldValue = string | number | boolean;

export interface Execution {
  id: string;
  flowId: string;
  flowName: string;
  userId: string;
  accountId: string;
  platform: string;
  versionId: string;
  contactId: string;
  /** The step it is on. */
  stepId: string;
  /** `running` while it runs, and when a crash left it so (resumed on the runner's next wake). */
  status: "running" | "waiting_input" | "waiting_delay";
  startedAt: number;
  /** Service time a delay ends (waiting_delay). */
  wakeAt?: number;
  /** Invalid answers so far to the collect step it waits on. */
  tries?: number;
  /** An answer taken while it waited for input and not yet applied: a crash in between applies it on resume. */
  answer?: string;
  /** The comment that started it, and when: its one private reply is still due while `privateReplyDue`. */
  comment?: { id: string; at: number };
  privateReplyDue: boolean;
  /** What the person last wrote (the trigger's text, then each answer), at most `KEPT_TEXT_CHARS`. */
  lastText: string;
  /** The sends made (execution:visit:step:part), each noted before its platform call. */
  sent: string[];
  /** Steps run and messages sent so far, over its whole life (absent in executions started before they counted). */
  steps?: number;
  messages?: number;
}

export interface ContactState {
  accountId: string;
  contactId: string;
  /** Service time the 24-hour window opened by the person's last message closes. */
  windowUntil: number | null;
  fields: Record<string, FieldValue>;
  tags: string[];
  /** Comments already answered with their one private reply (comment id → when the comment came), kept 7 days. */
  privateReplies: Record<string, number>;
  /** Inbound events already handled here (platform id → when), kept a day: a redelivery is not handled twice. */
  handled?: Record<string, number>;
  /** AI replies written for the contact on one UTC day (the per-contact cap). */
  aiReplies?: { day: string; count: number };
}

/** The owner's and the person's say over automations: written at once, read before every send. */
export interface ContactControls {
  optedOutAt: number | null;
  /** A person answers them until then: automations stay quiet. */
  humanUntil: number | null;
}

export const CONTACT_KEY = "contact";
export const CONTROLS_KEY = "controls";
export const EXEC_PREFIX = "exec:";
export const execKey = (id: string) => `${EXEC_PREFIX}${id}`;

/** At most this much of what the person wrote is kept with an execution (what an AI reply answers). */
export const KEPT_TEXT_CHARS = 1000;

export const emptyContact = (accountId: string, contactId: string): ContactState => ({
  accountId,
  contactId,
  windowUntil: null,
  fields: {},
  tags: [],
  privateReplies: {},
});

export const noControls: ContactControls = { optedOutAt: null, humanUntil: null };

/** The Durable Object storage a runner works on (the part of `DurableObjectStorage` it uses). */
export interface ContactStorage {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  put<T>(entries: Record<string, T>): Promise<void>;
  delete(keys: string[]): Promise<number>;
  list<T>(options: { prefix: string }): Promise<Map<string, T>>;
}

/**
 * Whether an execution must stop before its next step, and why: what the runner was told while it was busy (the
 * owner stopping it), answered at once rather than in turn.
 */
export type Halt = (exec: Execution) => StopReason | null;
export const noHalt: Halt = () => null;

/** Why no automated message may reach the contact now, or null when one may. */
export const unavailableReason = (controls: ContactControls, now: number) =>
  controls.optedOutAt !== null
    ? ("opted_out" as const)
    : controls.humanUntil !== null && controls.humanUntil > now
      ? ("human_takeover" as const)
      : null;

/**
 * How a contact's storage looked before executions and controls had keys of their own (one `contact` value held
 * them, and each send had a `sent:<key>` entry): read once and rewritten in today's shape.
 */
interface LegacyContact extends ContactState {
  executions?: Execution[];
  optedOutAt?: number | null;
  humanUntil?: number | null;
}

/** The contact's state in today's shape, rewriting a state stored in the older one (see `LegacyContact`). */
export async function upgradedContact(storage: ContactStorage): Promise<ContactState | undefined> {
  const stored = await storage.get<LegacyContact>(CONTACT_KEY);
  if (!stored || (stored.executions === undefined && stored.optedOutAt === undefined)) return stored;
  const { executions = [], optedOutAt = null, humanUntil = null, ...state } = stored;
  const controls = (await storage.get<ContactControls>(CONTROLS_KEY)) ?? { optedOutAt, humanUntil };
  await storage.put<unknown>({
    [CONTACT_KEY]: state,
    [CONTROLS_KEY]: controls,
    ...Object.fromEntries(executions.map((e) => [execKey(e.id), e])),
  });
  const sentKeys = executions.flatMap((e) => e.sent.map((k) => `sent:${k}`));
  if (sentKeys.length > 0) await storage.delete(sentKeys);
  return state;
}
