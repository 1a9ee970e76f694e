// A flow's problems: what stops it being turned on (connections, reachability, loops, triggers, templates).
import { FLOW_TRIGGERS, type PlatformKey } from "../../platforms/catalog";
import { MAX_DELAY_MS, type TriggerData } from "../../schemas/flow-steps";
import type { FlowContent, FlowEdge, FlowStep, Problem } from "./model";
import { describeDelay, handlesOf } from "./step-kinds";

const KEYWORD_KINDS = new Set(["comment_keyword", "dm_keyword"]);

/** What the content rules need to know beyond the content. */
export interface ContentContext {
  platform: PlatformKey;
  /** The flow is a scheduled post's automation (it listens for comments on that post). */
  postLinked: boolean;
}

const stepLabel = (step: FlowStep) => `Step "${step.name}"`;

/** Connections whose both ends exist and whose handle is one the step has. */
function usableEdges(content: FlowContent): FlowEdge[] {
  const byId = new Map(content.steps.map((s) => [s.id, s]));
  return content.edges.filter((e) => {
    const from = byId.get(e.from);
    return from !== undefined && byId.has(e.to) && handlesOf(from).includes(e.handle);
  });
}

function edgeProblems(content: FlowContent): Problem[] {
  const byId = new Map(content.steps.map((s) => [s.id, s]));
  return content.edges.flatMap((e): Problem[] => {
    const from = byId.get(e.from);
    if (!from || !byId.has(e.to)) {
      const missing = from ? e.to : e.from;
      return [
        {
          code: "dangling_edge",
          message: `Connection ${e.id} points at step ${missing}, which does not exist`,
          ...(from ? { nodeId: from.id } : {}),
        },
      ];
    }
    if (!handlesOf(from).includes(e.handle)) {
      return [
        {
          code: "unconnected_edge",
          message: `Connection ${e.id} leaves ${stepLabel(from)} from ${e.handle === null ? "its ordinary way on" : `"${e.handle}"`}, which that step does not have`,
          nodeId: from.id,
        },
      ];
    }
    return [];
  });
}

function reachableFrom(start: string, edges: FlowEdge[]): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const e of edges) {
      if (e.from === id && !seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return seen;
}

/** The shortest wait around a loop that lets a flow message the person again without their answer. */
export const MIN_LOOP_WAIT_MS = 3_600_000;

/** How long a step makes the execution wait on its own (a delay its `delay_time`; others none). */
const delayOf = (step: FlowStep) => (step.type === "delay" ? step.data.delay_time : 0);

/** A postback button's connection waits for the person to tap it. */
const isButtonEdge = (edge: FlowEdge, from: FlowStep) => from.type === "message" && edge.handle !== null;

/** Strongly connected components (Tarjan) of `next`, each a loop when it has more than one step or a self-edge. */
function loopsOf(nodes: string[], next: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  const visit = (id: string) => {
    index.set(id, counter);
    low.set(id, counter++);
    stack.push(id);
    onStack.add(id);
    for (const to of next.get(id)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(id, Math.min(low.get(id)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(id, Math.min(low.get(id)!, index.get(to)!));
      }
    }
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    if (component.length > 1 || next.get(id)!.includes(id)) loops.push(component);
  };
  for (const id of nodes) if (!index.has(id)) visit(id);
  return loops;
}

/** The least total delay of any cycle inside `component` (Dijkstra from each step back to itself). */
function shortestCycleWait(component: string[], next: Map<string, string[]>, wait: (id: string) => number): number {
  const inside = new Set(component);
  let best = Number.POSITIVE_INFINITY;
  for (const start of component) {
    const dist = new Map<string, number>();
    const done = new Set<string>();
    for (const to of next.get(start)!) if (inside.has(to)) dist.set(to, Math.min(dist.get(to) ?? Infinity, wait(to)));
    for (;;) {
      let at: string | undefined;
      for (const [id, d] of dist) if (!done.has(id) && (at === undefined || d < dist.get(at)!)) at = id;
      if (at === undefined || at === start) break;
      done.add(at);
      for (const to of next.get(at)!) {
        if (inside.has(to)) dist.set(to, Math.min(dist.get(to) ?? Infinity, dist.get(at)! + wait(to)));
      }
    }
    best = Math.min(best, dist.get(start) ?? Infinity);
  }
  return best;
}

/**
 * Loops that would message the person again and again by themselves: cycles that pass no collect step and no
 * button tap (which wait for the person), and whose delays add up to less than an hour. One problem per loop, on
 * its first step.
 */
function loopProblems(content: FlowContent, edges: FlowEdge[]): Problem[] {
  const byId = new Map(content.steps.map((s) => [s.id, s]));
  const nodes = content.steps.filter((s) => s.type !== "collect").map((s) => s.id);
  const next = new Map<string, string[]>(nodes.map((id) => [id, []]));
  for (const e of edges) {
    if (next.has(e.from) && next.has(e.to) && !isButtonEdge(e, byId.get(e.from)!)) next.get(e.from)!.push(e.to);
  }
  return loopsOf(nodes, next).flatMap((component): Problem[] => {
    const wait = shortestCycleWait(component, next, (id) => delayOf(byId.get(id)!));
    if (wait >= MIN_LOOP_WAIT_MS) return [];
    const first = nodes.find((id) => component.includes(id))!;
    const why =
      wait === 0
        ? "is in a loop with no delay or input step"
        : `is in a loop whose only wait is ${describeDelay(wait)} of delay (a loop must wait at least an hour, or for the person)`;
    return [
      {
        code: "loop_without_wait",
        message: `${stepLabel(byId.get(first)!)} ${why}: it would message the person without end`,
        nodeId: first,
      },
    ];
  });
}

/**
 * Meta allows one private reply to a comment; more may follow only after the person answers. From a comment
 * trigger, a second sending step before a collect step or a tapped button is a problem.
 */
function privateReplyProblems(content: FlowContent, trigger: FlowStep, edges: FlowEdge[]): Problem[] {
  const byId = new Map(content.steps.map((s) => [s.id, s]));
  const flagged = new Set<string>();
  const seen = new Set<string>();
  const queue: [string, number][] = edges.filter((e) => e.from === trigger.id).map((e) => [e.to, 0]);
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const [id, sent] = item;
    if (seen.has(`${id}:${sent}`)) continue;
    seen.add(`${id}:${sent}`);
    const step = byId.get(id)!;
    const sends =
      step.type === "message" ||
      step.type === "ai_reply" ||
      step.type === "payment" ||
      (step.type === "collect" && step.data.prompt.trim() !== "");
    if (sends && sent >= 1) flagged.add(id);
    // A collect step waits for the answer: what follows it is no longer the private reply.
    if (step.type === "collect") continue;
    const after = sends ? sent + 1 : sent;
    for (const e of edges) {
      if (e.from !== id || isButtonEdge(e, step)) continue;
      queue.push([e.to, after]);
    }
  }
  return [...flagged].map((id) => ({
    code: "private_reply_limit",
    message: `${stepLabel(byId.get(id)!)} would be a second message to a commenter before they answered: Meta allows one private reply per comment`,
    nodeId: id,
  }));
}

function triggerProblems(step: FlowStep & { type: "trigger" }, ctx: ContentContext): Problem[] {
  const { config } = step.data;
  const problems: Problem[] = [];
  const offered = FLOW_TRIGGERS[ctx.platform] ?? [];
  if (!offered.includes(config.kind)) {
    problems.push({
      code: "trigger_not_available",
      message: `${ctx.platform} flows cannot start on ${config.kind}; they can start on ${offered.join(", ") || "nothing"}`,
      nodeId: step.id,
    });
  }
  if (KEYWORD_KINDS.has(config.kind) && config.match !== "any" && config.keywords.length === 0) {
    problems.push({
      code: "trigger_without_keywords",
      message: `${stepLabel(step)} has no keywords (add some, or set match to any)`,
      nodeId: step.id,
    });
  }
  if (ctx.postLinked && config.kind !== "comment_keyword") {
    problems.push({
      code: "post_automation_trigger",
      message: `${stepLabel(step)} must be a comment_keyword trigger: this flow listens for comments on a scheduled post`,
      nodeId: step.id,
    });
  }
  return problems;
}

function stepProblems(step: FlowStep, edges: FlowEdge[], ctx: ContentContext): Problem[] {
  const problem = (code: string, message: string): Problem => ({ code, message, nodeId: step.id });
  switch (step.type) {
    case "trigger":
      return triggerProblems(step, ctx);
    case "message": {
      const problems: Problem[] = [];
      if (!step.data.template && !step.data.blocks.some((b) => b.text.trim() !== "")) {
        problems.push(problem("empty_message", `${stepLabel(step)} has no text to send`));
      }
      for (const button of step.data.blocks.flatMap((b) => b.buttons)) {
        if (button.type === "url" && !button.url) {
          problems.push(problem("button_without_url", `Button "${button.label}" of ${stepLabel(step)} has no URL`));
        }
        if (button.type === "postback" && !edges.some((e) => e.from === step.id && e.handle === button.id)) {
          problems.push(
            problem(
              "postback_without_connection",
              `Button "${button.label}" of ${stepLabel(step)} leads nowhere: connect it (handle ${button.id})`,
            ),
          );
        }
      }
      return problems;
    }
    case "delay":
      return step.data.delay_time > MAX_DELAY_MS
        ? [
            problem(
              "invalid_delay",
              `${stepLabel(step)} waits ${describeDelay(step.data.delay_time)}: at most 365 days`,
            ),
          ]
        : [];
    case "condition":
      return step.data.rules.length === 0
        ? [problem("condition_without_rules", `${stepLabel(step)} has no rules`)]
        : [];
    case "collect":
      return step.data.field_type === undefined
        ? [problem("collect_without_field_type", `${stepLabel(step)} does not say what to collect (field_type)`)]
        : [];
    case "ai_reply":
      return step.data.instructions.trim() === ""
        ? [problem("ai_without_instructions", `${stepLabel(step)} has no instructions`)]
        : [];
    case "payment": {
      // Herald has no payment provider: a flow that would ask for a payment is not turned on, rather than failing
      // each run at this step (a version turned on before this rule still ends there with `payment_not_supported`).
      const problems = [
        problem(
          "payment_not_available",
          `${stepLabel(step)} asks for a payment, which Herald cannot take yet (no payment provider): remove it to turn the flow on`,
        ),
      ];
      if (!step.data.product_id || !step.data.price) {
        problems.push(
          problem(
            "payment_not_configured",
            `${stepLabel(step)} needs its product and price, which the owner sets in Herald`,
          ),
        );
      }
      return problems;
    }
    case "action":
      return [];
  }
}

/**
 * Every rule of the content itself that stops a flow being turned on (the account and other flows are
 * checked by `flowProblems`). Pure: the same content always has the same problems.
 */
export function contentProblems(content: FlowContent, ctx: ContentContext): Problem[] {
  const triggers = content.steps.filter((s): s is FlowStep & { type: "trigger" } => s.type === "trigger");
  const edges = usableEdges(content);
  const problems: Problem[] = [];
  const [trigger, ...extra] = triggers;
  if (!trigger) problems.push({ code: "no_trigger", message: "The flow has no trigger step: nothing would start it" });
  for (const step of extra) {
    problems.push({
      code: "multiple_triggers",
      message: `${stepLabel(step)} is a second trigger: a flow has exactly one`,
      nodeId: step.id,
    });
  }
  problems.push(...edgeProblems(content));
  if (trigger) {
    const reached = reachableFrom(trigger.id, edges);
    for (const step of content.steps) {
      if (step.type !== "trigger" && !reached.has(step.id)) {
        problems.push({
          code: "unreachable_step",
          message: `${stepLabel(step)} cannot be reached from the trigger`,
          nodeId: step.id,
        });
      }
    }
    if ((trigger.data as TriggerData).config.kind === "comment_keyword") {
      problems.push(...privateReplyProblems(content, trigger, edges));
    }
  }
  problems.push(...loopProblems(content, edges));
  for (const step of content.steps) problems.push(...stepProblems(step, edges, ctx));
  return problems;
}

/** The trigger of a flow's content, if it has one. */
export const triggerOf = (content: FlowContent) =>
  content.steps.find((s): s is FlowStep & { type: "trigger" } => s.type === "trigger");
