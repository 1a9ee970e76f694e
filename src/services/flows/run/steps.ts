// Running one step of an execution: what each step type does, and an answer to a step that waits.
import { eq } from "drizzle-orm";
import { flows } from "../../../db/schema";
import { FLOW_NOTIFY } from "../../../db/schema/notifications";
import { dayOf } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { fetchPublic } from "../../../platforms/http";
import { PlatformError } from "../../../platforms/types";
import type { ConditionData, MessageData } from "../../../schemas/flow-steps";
import { AiBudgetReached, giveBackAiCredits, takeAiCredits } from "../../ai/ai-credits";
import { notificationInsert } from "../../notifications";
import type { FlowStep } from "../model";
import { openStep } from "../secrets";
import { plainReply, replierFor } from "./ai-reply";
import { checkAnswer, REASK } from "./answers";
import { fold } from "./match";
import { recordAnswer, StepFailure } from "./record";
import type { ContactSession } from "./runner";
import type { Execution, FieldValue } from "./state";
import { windowOpensFrom } from "./window";

/** What a step did: go on along a handle (null: its ordinary way on; none left ends the execution) or wait. */
export type StepOutcome = { kind: "next"; handle: string | null } | { kind: "wait" };

const next = (handle: string | null = null): StepOutcome => ({ kind: "next", handle });
const WAIT: StepOutcome = { kind: "wait" };

/**
 * The key of one send (execution, the step's visit: the execution's step count when it reached the step, the step,
 * the part): a step run again in the same visit does not send twice, while a loop that comes back to it sends anew.
 */
const sendKey = (exec: Execution, stepId: string, part: string | number) =>
  `${exec.id}:${exec.steps ?? 0}:${stepId}:${part}`;

/** How long an http action may take. */
const HTTP_ACTION_TIMEOUT_MS = 10_000;

/** The connected postback buttons of a message: a tap on one continues along its connection. */
const tappable = (data: MessageData) =>
  data.blocks.flatMap((b) => b.buttons).filter((b) => b.type === "postback" && b.id !== undefined);

/** Runs one step as the execution reaches it. */
export async function runStep(session: ContactSession, exec: Execution, step: FlowStep): Promise<StepOutcome> {
  switch (step.type) {
    case "trigger":
      return next();
    case "message": {
      const { template } = step.data;
      // A template goes as Meta approved it: the step's blocks are what other platforms would send.
      if (template) await session.send(exec, `${exec.id}:${step.id}:template`, { text: "", buttons: [], template });
      const blocks = template ? [] : step.data.blocks.filter((b) => b.text.trim() !== "" || b.buttons.length > 0);
      for (const [i, block] of blocks.entries()) {
        await session.send(exec, sendKey(exec, step.id, i), {
          text: block.text,
          buttons: block.buttons.map((b) => ({ id: b.id!, label: b.label, type: b.type, url: b.url })),
          link: i === blocks.length - 1 ? (step.data.link ?? undefined) : undefined,
        });
      }
      // Buttons that lead somewhere wait for the tap, unless the message also has an ordinary way on.
      const waitsForTap = tappable(step.data).length > 0 && !session.hasOrdinaryNext(exec, step.id);
      if (!waitsForTap) return next();
      exec.status = "waiting_input";
      return WAIT;
    }
    case "delay": {
      const { delay_time, window } = step.data;
      const over = session.rt.clock.now() + delay_time;
      exec.status = "waiting_delay";
      exec.wakeAt = window ? await windowOpensFrom(session.rt, exec.userId, window, over) : over;
      return WAIT;
    }
    case "condition":
      return next(conditionHolds(step.data, session.state.fields, session.state.tags) ? "true" : "false");
    case "collect":
      if (step.data.prompt.trim() !== "") {
        await session.send(exec, sendKey(exec, step.id, "ask"), { text: step.data.prompt, buttons: [] });
      }
      exec.status = "waiting_input";
      exec.tries = 0;
      return WAIT;
    case "ai_reply":
      return aiReply(session, exec, step.id, step.data.instructions, step.data.max_chars);
    case "action":
      return action(session, exec, step);
    case "payment":
      throw new StepFailure(
        "payment_not_supported",
        "Payment steps cannot run yet: Herald has no payment provider to take the payment",
      );
  }
}

/** The person answered while the execution waited on its step (a collect step, or buttons to tap). */
export async function answerStep(session: ContactSession, exec: Execution, text: string): Promise<StepOutcome> {
  const step = await session.stepOf(exec);
  if (step?.type === "message") {
    const said = fold(text);
    const tapped = tappable(step.data).find((b) => b.id === text.trim() || fold(b.label) === said);
    // Anything else is not an answer to the buttons: the execution keeps waiting for a tap.
    return tapped ? next(tapped.id!) : WAIT;
  }
  if (step?.type !== "collect" || step.data.field_type === undefined) return next();
  const fieldType = step.data.field_type;
  const label = step.data.label || fieldType;
  const checked = checkAnswer(fieldType, text);
  await recordAnswer(session.rt, exec, { id: step.id, fieldType, label }, checked);
  if (checked.valid) {
    session.state.fields[label] = checked.value;
    return next("valid");
  }
  const tries = (exec.tries ?? 0) + 1;
  exec.tries = tries;
  // Applied: what follows (the re-ask) is stored without the answer, so a crash after it does not count it twice.
  exec.answer = undefined;
  if (tries > step.data.retries) return next("invalid");
  const again = step.data.prompt.trim() ? `${REASK[fieldType]}\n\n${step.data.prompt}` : REASK[fieldType];
  await session.send(exec, sendKey(exec, step.id, `ask:${tries}`), { text: again, buttons: [] });
  return WAIT;
}

function compare(actual: FieldValue | undefined, op: ConditionData["rules"][number]["op"], expected: unknown) {
  const set = actual !== undefined && actual !== "";
  const text = (v: unknown) => fold(String(v ?? ""));
  switch (op) {
    case "is_set":
      return set;
    case "is_not_set":
      return !set;
    case "equals":
      return set && text(actual) === text(expected);
    case "not_equals":
      return !set || text(actual) !== text(expected);
    case "contains":
      return set && text(actual).includes(text(expected));
    case "not_contains":
      return !set || !text(actual).includes(text(expected));
    case "greater_than":
    case "less_than": {
      const [a, b] = [Number(actual), Number(expected)];
      if (!set || !Number.isFinite(a) || !Number.isFinite(b)) return false;
      return op === "greater_than" ? a > b : a < b;
    }
  }
}

/** A rule's field is a collected field or one set by an action; a tag counts as a field set to true. */
function conditionHolds(data: ConditionData, fields: Record<string, FieldValue>, tags: string[]): boolean {
  const results = data.rules.map((rule) => {
    const actual = fields[rule.field] ?? (tags.includes(rule.field) ? true : undefined);
    return compare(actual, rule.op, rule.value);
  });
  return data.match === "any" ? results.some(Boolean) : results.every(Boolean);
}

/**
 * 5 AI credits, taken before the reply; out of credits fails the step, and they are given back if the reply cannot be
 * sent. Past the contact's AI replies of the day (`flow_ai_replies_per_contact_per_day`) or the flow's own daily
 * budget (`ai_replies_per_day`), the plain acknowledgement goes instead, costing nothing: one person's messages
 * cannot spend the owner's credits.
 */
async function aiReply(
  session: ContactSession,
  exec: Execution,
  stepId: string,
  instructions: string,
  maxChars: number,
): Promise<StepOutcome> {
  const key = sendKey(exec, stepId, 0);
  if (exec.sent.includes(key)) return next();
  await session.ensureStanding(exec, true);
  const { rt, state } = session;
  const today = dayOf(rt.clock.now());
  const repliedToday = state.aiReplies?.day === today ? state.aiReplies.count : 0;
  const plain = () => session.send(exec, key, { text: plainReply(maxChars), buttons: [] }).then(() => next());
  if (repliedToday >= rt.config.flow_ai_replies_per_contact_per_day) return plain();
  const [flow] = await rt.db.select({ perDay: flows.aiRepliesPerDay }).from(flows).where(eq(flows.id, exec.flowId));
  let charge: Awaited<ReturnType<typeof takeAiCredits>>;
  try {
    charge = await takeAiCredits(rt, exec.userId, "ai_reply", exec.flowId, { perDay: flow?.perDay });
  } catch (error) {
    if (error instanceof AiBudgetReached) return plain();
    if (error instanceof AppError && error.code === "feature_disabled") {
      throw new StepFailure("out_of_ai_credits", error.message);
    }
    throw error;
  }
  state.aiReplies = { day: today, count: repliedToday + 1 };
  try {
    const text = await replierFor(rt).reply({ instructions, message: exec.lastText, maxChars });
    await session.send(exec, key, { text, buttons: [] });
  } catch (error) {
    if (!exec.sent.includes(key)) {
      state.aiReplies = { day: today, count: repliedToday };
      await giveBackAiCredits(rt, charge);
    }
    throw error;
  }
  return next();
}

async function action(
  session: ContactSession,
  exec: Execution,
  step: FlowStep & { type: "action" },
): Promise<StepOutcome> {
  const data = step.data;
  const { state, rt } = session;
  switch (data.kind) {
    case "tag":
      if (!state.tags.includes(data.tag)) state.tags.push(data.tag);
      return next();
    case "set_field":
      state.fields[data.field] = data.value;
      return next();
    case "notify":
      await session.ensureStanding(exec, false);
      await notificationInsert(
        rt,
        {
          userId: exec.userId,
          kind: FLOW_NOTIFY,
          message: `${exec.flowName}: ${data.message}`,
          data: { flow_id: exec.flowId, execution_id: exec.id, contact_id: exec.contactId },
        },
        { dedupeKey: `flow:${exec.id}:${step.id}` },
      );
      return next();
    case "http": {
      await session.ensureStanding(exec, false);
      const opened = await openStep(rt, exec.flowId, step);
      const request = opened.type === "action" && opened.data.kind === "http" ? opened.data : data;
      const deps = {
        fetch: (i: RequestInfo | URL, o?: RequestInit) => fetch(i, o),
        now: () => rt.clock.now(),
        sandbox: rt.sandbox,
      };
      try {
        const res = await fetchPublic(
          deps,
          request.url,
          {
            method: request.method,
            headers: request.headers,
            body: request.method === "GET" ? undefined : request.body,
            signal: AbortSignal.timeout(HTTP_ACTION_TIMEOUT_MS),
          },
          { refuse: (r) => new PlatformError("refused", `${r.url}: ${r.reason}`, "SERVER_NOT_PUBLIC") },
        );
        await res.body?.cancel();
        if (!res.ok)
          throw new StepFailure("http_action_failed", `${request.method} ${request.url} answered ${res.status}`);
      } catch (error) {
        if (error instanceof StepFailure) throw error;
        throw new StepFailure(
          "http_action_failed",
          `${request.method} ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return next();
    }
  }
}
