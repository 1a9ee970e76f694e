// What a contact's runner keeps in its Durable Object storage: window, opt-out, learned fields, executions.
import type { StopReason } from "../../../db/schema/flow-runs";

/**
 * What a contact's runner keeps in its Durable Object storage (one object per `<account id>:<sender id>`; see
 * docs/storage.md): the person's messaging window, opt-out and human takeover, what the flows learned about them,
 * and the executions under way. D1 keeps the record (`flow_executions`, `collected_items`); this is the working state.
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
  status: "running" | "waiting_input" | "waiting_delay";
  startedAt: number;
  /** Service time a delay ends (waiting_delay). */
  wakeAt?: number;
  /** Invalid answers so far to the collect step it waits on. */
  tries?: number;
  /** The comment that started it, and when: its one private reply is still due while `privateReplyDue`. */
  comment?: { id: string; at: number };
  privateReplyDue: boolean;
  /** What the person last wrote (the trigger's text, then each answer): what an AI reply answers. */
  lastText: string;
  /** The sends made (execution:step:n), forgotten when it ends. */
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
  optedOutAt: number | null;
  /** A person answers them until then: automations stay quiet. */
  humanUntil: number | null;
  fields: Record<string, FieldValue>;
  tags: string[];
  executions: Execution[];
  /** Comments already answered with their one private reply (comment id → when), kept 7 days. */
  privateReplies: Record<string, number>;
  /** Inbound events already handled here (platform id → when), kept a day: a redelivery is not handled twice. */
  handled?: Record<string, number>;
}

export const emptyContact = (accountId: string, contactId: string): ContactState => ({
  accountId,
  contactId,
  windowUntil: null,
  optedOutAt: null,
  humanUntil: null,
  fields: {},
  tags: [],
  executions: [],
  privateReplies: {},
});

/** The Durable Object storage a runner works on (the part of `DurableObjectStorage` it uses). */
export interface ContactStorage {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  delete(keys: string[]): Promise<number>;
}

/**
 * Whether an execution must stop before its next step, and why: what the runner was told while it was busy (the
 * owner stopping it, the contact opted out), answered at once rather than in turn.
 */
export type Halt = (exec: Execution) => StopReason | null;
export const noHalt: Halt = () => null;

/** The earliest delay to wake for, or null. */
export const nextWakeOf = (state: ContactState): number | null => {
  const due = state.executions.filter((e) => e.status === "waiting_delay").map((e) => e.wakeAt!);
  return due.length > 0 ? Math.min(...due) : null;
};
