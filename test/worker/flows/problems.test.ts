import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { FlowContent, FlowEdge, FlowStep } from "../../../src/services/flows/model";
import { type ContentContext, contentProblems } from "../../../src/services/flows/problems";
import { api, connect, newUser } from "../helpers/api";
import { expectOk, flows, readyFlow } from "../helpers/flows";

const step = (id: string, type: FlowStep["type"], data: Record<string, unknown>): FlowStep =>
  ({ id, type, name: id, data }) as FlowStep;
const edge = (from: string, to: string, handle: string | null = null): FlowEdge => ({
  id: `${from}->${to}:${handle}`,
  from,
  to,
  handle,
});

const trigger = (kind = "comment_keyword", keywords = ["GO"], match = "contains") =>
  step("trigger", "trigger", { config: { kind, keywords, match } });
const message = (id: string, blocks: unknown[] = [{ id: `${id}-b`, text: "Hello", buttons: [] }]) =>
  step(id, "message", { blocks });
const collect = (id: string, extra: Record<string, unknown> = {}) =>
  step(id, "collect", { field_type: "email", label: "Email", prompt: "", retries: 2, ...extra });

/** A clean flow: trigger → reply → collect. */
const clean = (): FlowContent => ({
  steps: [trigger(), message("reply"), collect("ask")],
  edges: [edge("trigger", "reply"), edge("reply", "ask")],
});

const ig: ContentContext = { platform: "instagram", postLinked: false };
const HOUR = 3_600_000;
const codes = (content: FlowContent, ctx = ig) => contentProblems(content, ctx).map((p) => [p.code, p.nodeId]);

describe("a draft's problems (every rule that stops it being turned on)", () => {
  it("none for a clean flow", () => {
    expect(contentProblems(clean(), ig)).toEqual([]);
  });

  it.each<[string, () => FlowContent, [string, string | undefined][]]>([
    ["no trigger", () => ({ steps: [message("reply")], edges: [] }), [["no_trigger", undefined]]],
    [
      "more than one trigger",
      () => {
        const c = clean();
        c.steps.push({ ...trigger(), id: "trigger2", name: "trigger2" } as FlowStep);
        return c;
      },
      [["multiple_triggers", "trigger2"]],
    ],
    [
      "a keyword trigger without keywords",
      () => ({ ...clean(), steps: [trigger("comment_keyword", []), message("reply"), collect("ask")] }),
      [["trigger_without_keywords", "trigger"]],
    ],
    [
      "a dangling connection (a step that does not exist)",
      () => ({ ...clean(), edges: [...clean().edges, edge("ask", "ghost", "valid")] }),
      [["dangling_edge", "ask"]],
    ],
    [
      "an unconnected connection (a handle the step does not have)",
      () => ({ ...clean(), edges: [edge("trigger", "reply"), edge("reply", "ask", "btn_gone")] }),
      [
        ["unconnected_edge", "reply"],
        ["unreachable_step", "ask"],
      ],
    ],
    [
      "an unreachable step",
      () => ({ ...clean(), steps: [...clean().steps, message("island")] }),
      [["unreachable_step", "island"]],
    ],
    [
      "a loop without a delay or input step",
      () => ({
        steps: [trigger("dm_keyword"), message("a"), step("tag", "action", { kind: "tag", tag: "x" })],
        edges: [edge("trigger", "a"), edge("a", "tag"), edge("tag", "a")],
      }),
      [["loop_without_wait", "a"]],
    ],
    [
      "an empty message",
      () => ({
        ...clean(),
        steps: [trigger(), message("reply", [{ id: "b", text: "  ", buttons: [] }]), collect("ask")],
      }),
      [["empty_message", "reply"]],
    ],
    [
      "a url button without a URL",
      () => ({
        ...clean(),
        steps: [
          trigger(),
          message("reply", [{ id: "b", text: "Hi", buttons: [{ id: "u", label: "Site", type: "url" }] }]),
          collect("ask"),
        ],
      }),
      [["button_without_url", "reply"]],
    ],
    [
      "a postback button with no connection",
      () => ({
        ...clean(),
        steps: [
          trigger(),
          message("reply", [{ id: "b", text: "Hi", buttons: [{ id: "p", label: "Yes", type: "postback" }] }]),
          collect("ask"),
        ],
      }),
      [["postback_without_connection", "reply"]],
    ],
    [
      "a delay over 365 days",
      () => ({
        steps: [trigger("dm_keyword"), step("wait", "delay", { delay_time: 366 * 86_400_000 }), message("later")],
        edges: [edge("trigger", "wait"), edge("wait", "later")],
      }),
      [["invalid_delay", "wait"]],
    ],
    [
      "a collect step without field type",
      () => ({ ...clean(), steps: [trigger(), message("reply"), collect("ask", { field_type: undefined })] }),
      [["collect_without_field_type", "ask"]],
    ],
    [
      "a condition without rules",
      () => ({
        steps: [...clean().steps, step("if", "condition", { rules: [], match: "all" })],
        edges: [...clean().edges, edge("ask", "if", "valid")],
      }),
      [["condition_without_rules", "if"]],
    ],
    [
      "an AI step without instructions",
      () => ({
        steps: [...clean().steps, step("ai", "ai_reply", { instructions: " ", max_chars: 500 })],
        edges: [...clean().edges, edge("ask", "ai", "valid")],
      }),
      [["ai_without_instructions", "ai"]],
    ],
    [
      "a payment step, even configured: Herald cannot take payments (issue #33)",
      () => ({
        steps: [
          ...clean().steps,
          step("pay", "payment", { product_id: "prod_1", price: { amount: 500, currency: "EUR" } }),
        ],
        edges: [...clean().edges, edge("ask", "pay", "valid")],
      }),
      [["payment_not_available", "pay"]],
    ],
    [
      "a payment step not configured",
      () => ({
        steps: [...clean().steps, step("pay", "payment", { product_id: "prod_1" })],
        edges: [...clean().edges, edge("ask", "pay", "valid")],
      }),
      [
        ["payment_not_available", "pay"],
        ["payment_not_configured", "pay"],
      ],
    ],
    [
      "a second message to a commenter before they answered (one private reply)",
      () => ({
        steps: [trigger(), message("reply"), message("again"), collect("ask")],
        edges: [edge("trigger", "reply"), edge("reply", "again"), edge("again", "ask")],
      }),
      [["private_reply_limit", "again"]],
    ],
    [
      "a collect step asking again right after the private reply",
      () => ({ ...clean(), steps: [trigger(), message("reply"), collect("ask", { prompt: "Your email?" })] }),
      [["private_reply_limit", "ask"]],
    ],
  ])("%s", (_, content, expected) => {
    expect(codes(content())).toEqual(expected);
  });

  it("a delay with an overnight window (it closes the next morning) is no problem", () => {
    const overnight: FlowContent = {
      steps: [
        trigger("dm_keyword"),
        step("wait", "delay", { delay_time: 60_000, window: { start: "18:00", end: "09:00", weekdays: [1] } }),
        message("later"),
      ],
      edges: [edge("trigger", "wait"), edge("wait", "later")],
    };
    expect(codes(overnight)).toEqual([]);
  });

  it("a loop through an hour of delay, a collect step or a button tap is fine; after an answer more messages are fine", () => {
    const waitsInLoop: FlowContent = {
      steps: [trigger("dm_keyword"), message("a"), step("wait", "delay", { delay_time: HOUR })],
      edges: [edge("trigger", "a"), edge("a", "wait"), edge("wait", "a")],
    };
    expect(codes(waitsInLoop)).toEqual([]);
    const afterAnswer: FlowContent = {
      steps: [...clean().steps, message("thanks"), message("more")],
      edges: [...clean().edges, edge("ask", "thanks", "valid"), edge("thanks", "more")],
    };
    expect(codes(afterAnswer)).toEqual([]);
    const tapped: FlowContent = {
      steps: [
        trigger(),
        message("reply", [{ id: "b", text: "Want it?", buttons: [{ id: "yes", label: "Yes", type: "postback" }] }]),
        message("sent"),
      ],
      edges: [edge("trigger", "reply"), edge("reply", "sent", "yes")],
    };
    expect(codes(tapped)).toEqual([]);
  });

  it("a loop whose only waits are delays adding up to less than an hour is loop_without_wait (issue #30 rule 2)", () => {
    const loop = (...delays: number[]): FlowContent => {
      const waits = delays.map((ms, i) => step(`wait${i}`, "delay", { delay_time: ms }));
      const path = ["a", ...waits.map((w) => w.id)];
      return {
        steps: [trigger("dm_keyword"), message("a"), ...waits],
        edges: [edge("trigger", "a"), ...path.map((id, i) => edge(id, path[(i + 1) % path.length]!))],
      };
    };
    expect(codes(loop(1000))).toEqual([["loop_without_wait", "a"]]);
    expect(codes(loop(HOUR - 1000))).toEqual([["loop_without_wait", "a"]]);
    expect(contentProblems(loop(20 * 60_000, 30 * 60_000), ig)[0]!.message).toContain("50 minutes of delay");
    expect(codes(loop(30 * 60_000, 30 * 60_000))).toEqual([]);
    // Two ways round: the hour-long one is fine, the short one through the condition's other branch is not.
    const branches: FlowContent = {
      steps: [
        trigger("dm_keyword"),
        message("a"),
        step("check", "condition", { rules: [{ field: "x", op: "is_set" }], match: "all" }),
        step("long", "delay", { delay_time: 2 * HOUR }),
        step("short", "delay", { delay_time: 60_000 }),
      ],
      edges: [
        edge("trigger", "a"),
        edge("a", "check"),
        edge("check", "long", "true"),
        edge("check", "short", "false"),
        edge("long", "a"),
        edge("short", "a"),
      ],
    };
    expect(codes(branches)).toEqual([["loop_without_wait", "a"]]);
    const onlyLong = { ...branches, edges: branches.edges.filter((e) => e.to !== "short" && e.from !== "short") };
    expect(codes({ ...onlyLong, steps: onlyLong.steps.filter((s) => s.id !== "short") })).toEqual([]);
  });

  it("a trigger the platform does not offer (WhatsApp has no comments; Facebook no stories)", () => {
    expect(codes(clean(), { platform: "whatsapp", postLinked: false })).toEqual([["trigger_not_available", "trigger"]]);
    const story = { ...clean(), steps: [trigger("story_mention", []), message("reply"), collect("ask")] };
    expect(codes(story, { platform: "facebook", postLinked: false })).toEqual([["trigger_not_available", "trigger"]]);
    expect(codes(story)).toEqual([]);
  });

  it("a scheduled post's automation must start on comments", () => {
    const dm = { ...clean(), steps: [trigger("dm_keyword"), message("reply"), collect("ask")] };
    expect(codes(dm, { platform: "instagram", postLinked: true })).toEqual([["post_automation_trigger", "trigger"]]);
  });
});

describe("problems that depend on more than the content", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newUser("creator"));
  });

  it("the same keyword live in another flow of the account", async () => {
    const ig = await connect(key, "instagram");
    const live = await readyFlow(key, ig.id, "SAME");
    await expectOk(flows(key).activate(live.id));
    const twin = await readyFlow(key, ig.id, "same");
    const trigger = twin.nodes.find((n: { type: string }) => n.type === "trigger").id;
    expect(twin.problems).toEqual([
      { code: "keyword_in_use", message: expect.stringContaining(live.id), nodeId: trigger },
    ]);
    const refused = await flows(key).activate(twin.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "state_error", problems: [{ code: "keyword_in_use" }] });
    // Another account, or another keyword, is no clash.
    expect((await readyFlow(key, (await connect(key, "instagram")).id, "SAME")).problems).toEqual([]);
    expect((await readyFlow(key, ig.id, "OTHER")).problems).toEqual([]);
  });

  it("the account disconnected or missing a permission; a live flow shows only its runtime problem", async () => {
    const ig = await connect(key, "instagram");
    const flow = await readyFlow(key, ig.id, "ACCT");
    for (const [status, code] of [
      ["reauth_required", "account_missing_permission"],
      ["disconnected", "account_disconnected"],
    ]) {
      await api("PATCH", `/api/v1/sandbox/accounts/${ig.id}`, { key, body: { status } });
      expect((await flows(key).get(flow.id)).problems.map((p: { code: string }) => p.code)).toEqual([code]);
    }
    await api("PATCH", `/api/v1/sandbox/accounts/${ig.id}`, { key, body: { status: "active" } });
    await expectOk(flows(key).activate(flow.id));
    await api("PATCH", `/api/v1/sandbox/accounts/${ig.id}`, { key, body: { status: "disconnected" } });
    expect((await flows(key).get(flow.id)).problems).toEqual([]);
    const problem = { code: "send_failed", message: "Instagram refused the message", nodeId: "step_x" };
    await env.DB.prepare("UPDATE flows SET runtime_problem = ? WHERE id = ?")
      .bind(JSON.stringify(problem), flow.id)
      .run();
    expect((await flows(key).get(flow.id)).problems).toEqual([problem]);
  });
});
