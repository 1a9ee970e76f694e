import { env, runInDurableObject } from "cloudflare:test";
import type { ContactRunner } from "../../../src/durable/contact-runner";
import type { Execution } from "../../../src/services/flows/run/state";
import { api } from "./api";
import { expectOk, flows } from "./flows";
import { eventually } from "./wait";

/** A flow step as added over REST, named so edges can name it. */
export interface StepSpec {
  type: string;
  name: string;
  data: Record<string, unknown>;
}

/** Builds a flow from steps and `[from, to, handle?]` connections, turns it on, and answers it. */
export async function liveFlow(
  key: string,
  accountId: string,
  name: string,
  steps: StepSpec[],
  edges: [string, string, string?][],
) {
  const f = flows(key);
  const flow = await f.create({ name, account_id: accountId });
  for (const step of steps) await expectOk(f.addNode(flow.id, { ...step }));
  for (const [from, to, handle] of edges) await expectOk(f.addEdge(flow.id, { from, to, handle }));
  return expectOk(f.activate(flow.id));
}

export const trigger = (kind: string, keywords: string[] = [], extra: Record<string, unknown> = {}): StepSpec => ({
  type: "trigger",
  name: "Trigger",
  data: { config: { kind, keywords, ...extra } },
});
export const message = (name: string, text: string): StepSpec => ({
  type: "message",
  name,
  data: { blocks: [{ text }] },
});

/** trigger (a DM with `keyword`) → "First" → an hour's delay → "Second". */
export const dripFlow = (key: string, accountId: string, keyword: string) =>
  liveFlow(
    key,
    accountId,
    `Drip ${keyword}`,
    [
      trigger("dm_keyword", [keyword]),
      message("First", "First"),
      { type: "delay", name: "Wait", data: { delay_time: 3_600_000 } },
      message("Second", "Second"),
    ],
    [
      ["Trigger", "First"],
      ["First", "Wait"],
      ["Wait", "Second"],
    ],
  );

/** The contact's runner (its Durable Object). */
export const runnerOf = (accountId: string, contactId: string) =>
  env.CONTACT_RUNNER.get(env.CONTACT_RUNNER.idFromName(`${accountId}:${contactId}`));

/** The executions under way that the contact's runner stores (each under its own `exec:` key), oldest first. */
export const storedExecutions = (accountId: string, contactId: string) =>
  runInDurableObject(runnerOf(accountId, contactId), async (_r: ContactRunner, state) =>
    [...(await state.storage.list<Execution>({ prefix: "exec:" })).values()].sort((a, b) => a.startedAt - b.startedAt),
  );

/** Sends a comment or message through the sandbox, as the platform's webhook would. */
export async function inbound(
  key: string,
  body: { account_id: string; kind: string; id: string; sender_id: string; text?: string; media_id?: string },
) {
  return expectOk(api("POST", "/api/v1/sandbox/inbound", { key, body }), 202);
}

/** The contact's direct message `text` to the account (event id `m-<contactId>`: one such message per contact). */
export const dmFrom = (key: string, accountId: string, contactId: string, text: string) =>
  inbound(key, { account_id: accountId, kind: "message", id: `m-${contactId}`, sender_id: contactId, text });

/** What the sandbox platform received for the account (private replies and messages among them). */
export async function sent(key: string, accountId: string) {
  const calls = await expectOk<Record<string, any>[]>(
    api("GET", `/api/v1/sandbox/published?account_id=${accountId}`, { key }),
  );
  return calls.filter((c) => c.kind === "private_reply" || c.kind === "message");
}

/** The texts the account sent the contact, in order. */
export const textsTo = async (key: string, accountId: string, contactId: string) =>
  (await sent(key, accountId)).filter((c) => c.recipient_id === contactId).map((c) => c.text as string);

/** Waits until the account has received `n` flow sends; answers them. */
export const sentAtLeast = (key: string, accountId: string, n: number) =>
  eventually(async () => {
    const calls = await sent(key, accountId);
    return calls.length >= n ? calls : undefined;
  }, `${n} sends on ${accountId}`);

/**
 * Waits until the event was handed to its contact's runner (its claim done) and the runner has finished the work it
 * had in hand then (the run the event started goes on in the runner after the hand-over).
 */
export async function inboundTaken(accountId: string, externalId: string) {
  const row = await eventually(
    () =>
      env.DB.prepare("SELECT * FROM inbound_events WHERE account_id = ? AND external_id = ? AND done_at IS NOT NULL")
        .bind(accountId, externalId)
        .first<{ sender_id: string }>()
        .then((r) => r ?? undefined),
    `inbound ${externalId}`,
  );
  await runnerIdle(accountId, row.sender_id);
  return row;
}

/** Waits for the work the contact's runner has in hand now (its queue of events and wakes). */
export const runnerIdle = (accountId: string, contactId: string) =>
  runInDurableObject(runnerOf(accountId, contactId), async (r: ContactRunner) => {
    await (r as unknown as { tail: Promise<unknown> }).tail;
  });

export const executionsOf = async (flowId: string) =>
  (
    await env.DB.prepare("SELECT * FROM flow_executions WHERE flow_id = ? ORDER BY started_at, id")
      .bind(flowId)
      .all<Record<string, any>>()
  ).results;

/** Waits until the flow's only (or last) execution has `status`. */
export const executionIn = (flowId: string, status: string) =>
  eventually(async () => {
    const rows = await executionsOf(flowId);
    const last = rows[rows.length - 1];
    return last?.status === status ? last : undefined;
  }, `an execution of ${flowId} ${status}`);

export const itemsOf = async (flowId: string) =>
  (
    await env.DB.prepare("SELECT * FROM collected_items WHERE flow_id = ? ORDER BY collected_at, rowid")
      .bind(flowId)
      .all<Record<string, any>>()
  ).results;

export const eventsOfType = async (userId: string, type: string) =>
  (
    await env.DB.prepare("SELECT * FROM events WHERE user_id = ? AND type = ? ORDER BY seq")
      .bind(userId, type)
      .all<Record<string, any>>()
  ).results.map((r) => ({ ...r, id: r.id as string, data: JSON.parse(r.data) }));

export const moveClock = (key: string, advanceMs: number) =>
  expectOk(api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: advanceMs } }));

/** Lets the queue settle: nothing in the sandbox is observable as "not happened" without a pause. */
export const settle = () => new Promise((r) => setTimeout(r, 1500));
