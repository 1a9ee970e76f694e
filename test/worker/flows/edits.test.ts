import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openStep } from "../../../src/services/flows/secrets";
import { createRuntime } from "../../../src/services/runtime";
import { connect, newUser } from "../helpers/api";
import { expectOk, flowRow, flows, readyFlow, revisionCount } from "../helpers/flows";

let key: string;
let instagram: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  ({ key } = await newUser("creator"));
  instagram = (await connect(key, "instagram")).id;
  f = flows(key);
});

const newFlow = (name = "Edits") => f.create({ name, account_id: instagram });
const stepNamed = (flow: { nodes: { name: string; id: string }[] }, name: string) =>
  flow.nodes.find((n) => n.name === name)!;

/** The refusal of a call that must change nothing: the flow's row (content, sequence) and revisions stay as they were. */
async function refusedUnchanged(flowId: string, call: () => Promise<{ status: number; body: any }>, status = 400) {
  const [before, revisions] = [await flowRow(flowId), await revisionCount(flowId)];
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await flowRow(flowId)).toEqual(before);
  expect(await revisionCount(flowId)).toBe(revisions);
  return res.body.error as { code: string; message: string; suggestion?: string; issues?: { path: string }[] };
}

describe("add_node", () => {
  it("adds a step with its type's defaults and a free name; a taken name is refused", async () => {
    const flow = await newFlow();
    const one = await expectOk(f.addNode(flow.id, { type: "delay", data: { delay_time: 60_000 } }));
    const two = await expectOk(f.addNode(flow.id, { type: "delay", data: { delay_time: 3_600_000 } }));
    expect(two.nodes.map((n: { name: string; summary: string }) => [n.name, n.summary])).toEqual([
      ["Delay", "Wait 1 minute"],
      ["Delay 2", "Wait 1 hour"],
    ]);
    expect(one.edit_seq + 1).toBe(two.edit_seq);
    const collect = await expectOk(f.addNode(flow.id, { type: "collect", name: "Ask" }));
    const full = await f.get(flow.id, "Ask");
    expect(full.node).toEqual({
      id: stepNamed(collect, "Ask").id,
      type: "collect",
      name: "Ask",
      data: { label: "", prompt: "", retries: 2 },
    });
    const error = await refusedUnchanged(flow.id, () =>
      f.addNode(flow.id, { type: "delay", name: "Ask", data: { delay_time: 1000 } }),
    );
    expect(error).toMatchObject({ code: "validation_error", issues: [{ path: "name" }] });
  });

  it("refuses data its type's schema refuses, naming the field, and changes nothing", async () => {
    const flow = await newFlow();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "delay", data: { delay_time: -5 } }, "data.delay_time"],
      [{ type: "delay", data: { delay_time: 1.5 } }, "data.delay_time"],
      // A delay below a second is refused (issue #30 rule 2).
      [{ type: "delay", data: { delay_time: 999 } }, "data.delay_time"],
      [
        { type: "message", data: { blocks: [{ text: "x", buttons: [{ label: "Go", type: "link" }] }] } },
        "data.blocks.0.buttons.0.type",
      ],
      [{ type: "trigger", data: { config: { kind: "telepathy" } } }, "data.config.kind"],
      [{ type: "collect", data: { field_type: "email", colour: "red" } }, "data"],
      [{ type: "action", data: { kind: "http", method: "GET", url: "http://10.0.0.1/hook" } }, "data.url"],
      [
        {
          type: "message",
          data: {
            blocks: [
              { id: "same", text: "a" },
              { id: "same", text: "b" },
            ],
          },
        },
        "data.blocks.1.id",
      ],
    ];
    for (const [body, path] of cases) {
      const error = await refusedUnchanged(flow.id, () => f.addNode(flow.id, body));
      expect([JSON.stringify(body), error.code, error.issues?.[0]?.path]).toEqual([
        JSON.stringify(body),
        "validation_error",
        path,
      ]);
    }
  });
});

describe("limits", () => {
  it("a flow holds at most 100 steps", async () => {
    const flow = await newFlow("Full");
    const steps = Array.from({ length: 100 }, (_, i) => ({
      id: `s${i}`,
      type: "delay",
      name: `D${i}`,
      data: { delay_time: 1000 },
    }));
    await env.DB.prepare("UPDATE flows SET steps = ? WHERE id = ?").bind(JSON.stringify(steps), flow.id).run();
    const error = await refusedUnchanged(flow.id, () =>
      f.addNode(flow.id, { type: "delay", data: { delay_time: 1000 } }),
    );
    expect(error).toMatchObject({ code: "validation_error", issues: [{ path: "steps" }] });
  });
});

describe("update_node", () => {
  it("merges: content blocks by id, the trigger config by key, top-level keys set, the rest kept", async () => {
    const flow = await newFlow();
    await expectOk(
      f.addNode(flow.id, {
        type: "message",
        name: "Offer",
        data: {
          blocks: [
            { id: "intro", text: "Hi" },
            { id: "pick", text: "Pick one", buttons: [{ id: "yes", label: "Yes", type: "postback" }] },
          ],
        },
      }),
    );
    await expectOk(
      f.updateNode(flow.id, "Offer", { data: { blocks: [{ id: "pick", text: "Choose" }, { text: "More" }] } }),
    );
    let node = (await f.get(flow.id, "Offer")).node;
    expect(node.data.blocks.map((b: { id: string; text: string }) => [b.id, b.text])).toEqual([
      ["intro", "Hi"],
      ["pick", "Choose"],
      [expect.stringMatching(/^blk_/), "More"],
    ]);
    expect(node.data.blocks[1].buttons).toEqual([{ id: "yes", label: "Yes", type: "postback" }]);

    await expectOk(f.updateNode(flow.id, "Offer", { text: "Hello there", link: "https://example.com/offer" }));
    node = (await f.get(flow.id, "Offer")).node;
    expect(node.data.blocks[0]).toMatchObject({ id: "intro", text: "Hello there" });
    expect(node.data.link).toBe("https://example.com/offer");
    await expectOk(f.updateNode(flow.id, "Offer", { remove_block_ids: [node.data.blocks[2].id], link: null }));
    node = (await f.get(flow.id, "Offer")).node;
    expect(node.data.blocks.map((b: { id: string }) => b.id)).toEqual(["intro", "pick"]);
    expect(node.data.link).toBeNull();

    await expectOk(
      f.addNode(flow.id, { type: "trigger", data: { config: { kind: "dm_keyword", keywords: ["PRICE"] } } }),
    );
    await expectOk(f.updateNode(flow.id, "Trigger", { data: { config: { match: "exact" } } }));
    expect((await f.get(flow.id, "Trigger")).node.data.config).toEqual({
      kind: "dm_keyword",
      keywords: ["PRICE"],
      match: "exact",
    });
    await expectOk(f.updateNode(flow.id, "Trigger", { keywords: ["COST", "PRICE"], name: "Start" }));
    expect((await f.get(flow.id, "Start")).node.data.config).toEqual({
      kind: "dm_keyword",
      keywords: ["COST", "PRICE"],
      match: "exact",
    });

    await expectOk(f.addNode(flow.id, { type: "collect", name: "Ask", data: { field_type: "email", label: "Email" } }));
    await expectOk(f.updateNode(flow.id, "Ask", { data: { prompt: "Your email?" } }));
    expect((await f.get(flow.id, "Ask")).node.data).toEqual({
      field_type: "email",
      label: "Email",
      prompt: "Your email?",
      retries: 2,
    });
  });

  it("refuses inputs that do not fit the step, and a merge its schema refuses; nothing changes", async () => {
    const flow = await readyFlow(key, instagram, "FIT");
    const cases: [string, Record<string, unknown>, string][] = [
      ["Trigger", { text: "hi" }, "text"],
      ["Email", { keywords: ["x"] }, "keywords"],
      ["Reply", { remove_block_ids: ["nope"] }, "remove_block_ids"],
      ["Email", { data: { field_type: "colour" } }, "data.field_type"],
      ["Reply", { name: "Email" }, "name"],
    ];
    for (const [node, body, path] of cases) {
      const error = await refusedUnchanged(flow.id, () => f.updateNode(flow.id, node, body));
      expect([node, error.code, error.issues?.[0]?.path]).toEqual([node, "validation_error", path]);
    }
    expect((await f.updateNode(flow.id, "Nobody", { text: "x" })).status).toBe(404);
  });
});

describe("delete_node, add_edge, delete_edge", () => {
  it("connect steps by id or name, check handles, and remove a step with its connections", async () => {
    const flow = await readyFlow(key, instagram, "WIRE");
    await expectOk(
      f.addNode(flow.id, { type: "condition", name: "Check", data: { rules: [{ field: "email", op: "is_set" }] } }),
    );
    await expectOk(f.addNode(flow.id, { type: "action", name: "Tag", data: { kind: "tag", tag: "lead" } }));
    const wrong = await refusedUnchanged(flow.id, () => f.addEdge(flow.id, { from: "Check", to: "Tag" }));
    expect(wrong.message).toContain("true, false");
    await expectOk(f.addEdge(flow.id, { from: "Email", to: "Check", handle: "valid" }));
    const connected = await expectOk(f.addEdge(flow.id, { from: "Check", to: "Tag", handle: "true" }));
    const check = stepNamed(connected, "Check").id;
    expect(connected.edges).toContainEqual({
      id: expect.stringMatching(/^edge_/),
      from: check,
      to: stepNamed(connected, "Tag").id,
      handle: "true",
    });

    const twice = await refusedUnchanged(flow.id, () =>
      f.addEdge(flow.id, { from: "Check", to: "Reply", handle: "true" }),
    );
    expect(twice.message).toContain("already leads to");
    const intoTrigger = await refusedUnchanged(flow.id, () => f.addEdge(flow.id, { from: "Tag", to: "Trigger" }));
    expect(intoTrigger.issues?.[0]?.path).toBe("to");
    const unknown = await refusedUnchanged(flow.id, () => f.addEdge(flow.id, { from: "Ghost", to: "Tag" }));
    expect(unknown.issues?.[0]?.path).toBe("from");

    const edge = connected.edges.find((e: { from: string }) => e.from === check);
    const without = await expectOk(f.deleteEdge(flow.id, edge.id));
    expect(without.edges.map((e: { id: string }) => e.id)).not.toContain(edge.id);
    expect((await f.deleteEdge(flow.id, edge.id)).status).toBe(404);

    const removed = await expectOk(f.deleteNode(flow.id, "Check"));
    expect(removed.nodes.map((n: { name: string }) => n.name)).toEqual(["Trigger", "Reply", "Email", "Tag"]);
    expect(removed.edges.some((e: { from: string; to: string }) => e.from === check || e.to === check)).toBe(false);
  });
});

describe("content only the owner sets", () => {
  it("is refused with validation_error on add_node, update_node, add_edge and delete_edge, and nothing changes", async () => {
    const flow = await readyFlow(key, instagram, "OWNER");
    await expectOk(
      f.updateNode(flow.id, "Reply", {
        data: {
          blocks: [
            {
              id: "b1",
              text: "Pick",
              buttons: [
                { id: "linked", label: "Yes", type: "postback" },
                { id: "loose", label: "Site", type: "url", url: "https://example.com" },
              ],
            },
          ],
        },
      }),
    );
    await expectOk(f.addNode(flow.id, { type: "message", name: "After yes", data: { blocks: [{ text: "Great" }] } }));
    await expectOk(f.addEdge(flow.id, { from: "Reply", to: "After yes", handle: "linked" }));
    const payment = await expectOk(f.addNode(flow.id, { type: "payment", name: "Pay" }));
    expect(payment.problems).toContainEqual(
      expect.objectContaining({ code: "payment_not_configured", nodeId: stepNamed(payment, "Pay").id }),
    );

    const refusals: [string, () => Promise<{ status: number; body: any }>, string][] = [
      [
        "payment product on add",
        () => f.addNode(flow.id, { type: "payment", name: "P2", data: { product_id: "prod_1" } }),
        "data.product_id",
      ],
      [
        "payment price on add",
        () => f.addNode(flow.id, { type: "payment", name: "P3", data: { price: { amount: 500, currency: "EUR" } } }),
        "data.price",
      ],
      ["payment product on update", () => f.updateNode(flow.id, "Pay", { data: { product_id: "prod_1" } }), "data"],
      ["anything but a payment's name", () => f.updateNode(flow.id, "Pay", { text: "Buy" }), "text"],
      [
        "a product selection in a message",
        () => f.updateNode(flow.id, "Reply", { data: { blocks: [{ id: "b1", product_ids: ["p"] }] } }),
        "data.blocks.0.product_ids",
      ],
      [
        "the post a trigger listens on (update)",
        () => f.updateNode(flow.id, "Trigger", { data: { config: { post_id: "post_x" } } }),
        "data.config.post_id",
      ],
      [
        "the post a trigger listens on (add)",
        () =>
          f.addNode(flow.id, {
            type: "trigger",
            name: "T2",
            data: { config: { kind: "comment_keyword", post_id: "post_x" } },
          }),
        "data.config.post_id",
      ],
      [
        "removing a connected button",
        () => f.updateNode(flow.id, "Reply", { data: { blocks: [{ id: "b1", buttons: [] }] } }),
        "data.blocks",
      ],
      [
        "removing the block of a connected button",
        () => f.updateNode(flow.id, "Reply", { remove_block_ids: ["b1"] }),
        "data.blocks",
      ],
      ["a connection out of a payment step", () => f.addEdge(flow.id, { from: "Pay", to: "After yes" }), "from"],
    ];
    for (const [what, call, path] of refusals) {
      const error = await refusedUnchanged(flow.id, call);
      expect([what, error.code, error.issues?.[0]?.path]).toEqual([what, "validation_error", path]);
    }
    expect(
      (await refusedUnchanged(flow.id, () => f.updateNode(flow.id, "Pay", { data: { product_id: "p" } }))).message,
    ).toContain("owner");

    // A connection out of a payment step, made by the owner in Herald, cannot be deleted here either.
    const row = await flowRow(flow.id);
    const steps = JSON.parse(row!.steps) as { id: string; name: string }[];
    const owned = {
      id: "edge_owner",
      from: steps.find((s) => s.name === "Pay")!.id,
      to: steps.find((s) => s.name === "After yes")!.id,
      handle: null,
    };
    await env.DB.prepare("UPDATE flows SET edges = ? WHERE id = ?")
      .bind(JSON.stringify([...JSON.parse(row!.edges), owned]), flow.id)
      .run();
    const error = await refusedUnchanged(flow.id, () => f.deleteEdge(flow.id, "edge_owner"));
    expect(error).toMatchObject({ code: "validation_error", issues: [{ path: "edge_id" }] });

    // What is allowed: renaming the payment step, removing a button with no connection.
    await expectOk(f.updateNode(flow.id, "Pay", { name: "Checkout" }));
    const kept = await expectOk(
      f.updateNode(flow.id, "Reply", {
        data: { blocks: [{ id: "b1", buttons: [{ id: "linked", label: "Yes", type: "postback" }] }] },
      }),
    );
    expect(kept.nodes.map((n: { name: string }) => n.name)).toContain("Checkout");
  });
});

describe("drafts only (rule 2)", () => {
  it("every edit of a live or turned-off flow is state_error suggesting duplicate_flow, and nothing changes", async () => {
    const flow = await readyFlow(key, instagram, "LIVE");
    await expectOk(f.activate(flow.id));
    const revision = (await f.revisions(flow.id))[0].id;
    const edits = () => [
      () => f.addNode(flow.id, { type: "delay", data: { delay_time: 1000 } }),
      () => f.updateNode(flow.id, "Reply", { text: "Changed" }),
      () => f.deleteNode(flow.id, "Email"),
      () => f.addEdge(flow.id, { from: "Email", to: "Reply", handle: "invalid" }),
      () => f.deleteEdge(flow.id, flow.edges[0].id),
      () => f.revert(flow.id, revision),
    ];
    for (const status of ["live", "off"]) {
      if (status === "off") await expectOk(f.deactivate(flow.id));
      for (const edit of edits()) {
        const error = await refusedUnchanged(flow.id, edit, 409);
        expect(error).toMatchObject({ code: "state_error", suggestion: "duplicate_flow", status });
      }
    }
  });
});

describe("secrets in step data", () => {
  it("request headers are stored encrypted and always shown as [redacted]", async () => {
    const flow = await readyFlow(key, instagram, "HOOK");
    const added = await expectOk(
      f.addNode(flow.id, {
        type: "action",
        name: "Notify CRM",
        data: {
          kind: "http",
          method: "POST",
          url: "https://crm.example.com/hooks/lead",
          headers: { Authorization: "Bearer s3cret-token", "X-Api-Key": "k-123" },
          body: '{"lead":true}',
        },
      }),
    );
    expect(JSON.stringify(added)).not.toContain("s3cret");
    const { node } = await f.get(flow.id, "Notify CRM");
    expect(node.data.headers).toEqual({ Authorization: "[redacted]", "X-Api-Key": "[redacted]" });
    const row = await flowRow(flow.id);
    expect(row!.steps).not.toContain("s3cret");
    expect(row!.steps).not.toContain("k-123");

    // Sent back as shown, the secrets are kept; a new value replaces one.
    await expectOk(
      f.updateNode(flow.id, "Notify CRM", { data: { headers: { ...node.data.headers, "X-Api-Key": "k-456" } } }),
    );
    const stored = (JSON.parse((await flowRow(flow.id))!.steps) as any[]).find((s) => s.name === "Notify CRM");
    const opened = await openStep(await createRuntime(env), flow.id, stored);
    expect((opened.data as { headers: Record<string, string> }).headers).toEqual({
      Authorization: "Bearer s3cret-token",
      "X-Api-Key": "k-456",
    });
    // Revisions keep them sealed too.
    const { results } = await env.DB.prepare("SELECT steps FROM flow_versions WHERE flow_id = ?")
      .bind(flow.id)
      .all<{ steps: string }>();
    expect(results.some((r) => r.steps.includes("s3cret") || r.steps.includes("k-123"))).toBe(false);

    const error = await refusedUnchanged(flow.id, () =>
      f.updateNode(flow.id, "Notify CRM", { data: { headers: { Cookie: "[redacted]" } } }),
    );
    expect(error.issues?.[0]?.path).toBe("data.headers.Cookie");
  });
});

describe("revisions (rule 3)", () => {
  it("each edit first saves the flow as it stood (Before AI edit); a revert restores one and can itself be undone", async () => {
    const flow = await newFlow("Revisions");
    const hashes = [flow.content_hash];
    let current = flow;
    const edits = [
      () => f.addNode(flow.id, { type: "trigger", data: { config: { kind: "comment_keyword", keywords: ["ONE"] } } }),
      () => f.addNode(flow.id, { type: "message", name: "Reply", data: { blocks: [{ text: "First" }] } }),
      () => f.addEdge(flow.id, { from: "Trigger", to: "Reply" }),
      () => f.updateNode(flow.id, "Reply", { text: "Second" }),
    ];
    for (const edit of edits) {
      current = await expectOk(edit());
      hashes.push(current.content_hash);
    }
    const revisions = await f.revisions(flow.id);
    expect(revisions.map((r: { label: string }) => r.label)).toEqual(Array(4).fill("Before AI edit"));
    // Newest first: the content before the last edit, …, the empty draft.
    expect(revisions.map((r: { content_hash: string }) => r.content_hash)).toEqual(hashes.slice(0, 4).reverse());
    expect(revisions.map((r: { step_count: number }) => r.step_count)).toEqual([2, 2, 1, 0]);

    const beforeText = revisions[0];
    const reverted = await expectOk(f.revert(flow.id, beforeText.id));
    expect(reverted.content_hash).toBe(hashes[3]);
    expect((await f.get(flow.id, "Reply")).node.data.blocks[0].text).toBe("First");
    const after = await f.revisions(flow.id);
    expect(after[0].content_hash).toBe(hashes[4]);
    await expectOk(f.revert(flow.id, after[0].id));
    expect((await f.get(flow.id, "Reply")).node.data.blocks[0].text).toBe("Second");
    // Content some revision already holds is not saved twice.
    expect((await f.revisions(flow.id)).length).toBe(5);
    expect((await f.revert(flow.id, "frev_unknown")).status).toBe(404);
  });

  it("when the restore point cannot be written, the edit is not made: upstream_error, retriable", async () => {
    const flow = await readyFlow(key, instagram, "DISK");
    await env.DB.prepare(
      "CREATE TRIGGER fail_flow_versions BEFORE INSERT ON flow_versions BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    ).run();
    try {
      const error = await refusedUnchanged(flow.id, () => f.updateNode(flow.id, "Reply", { text: "Lost?" }), 503);
      expect(error).toMatchObject({ code: "upstream_error", retriable: true });
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_flow_versions").run();
    }
    const retried = await expectOk(f.updateNode(flow.id, "Reply", { text: "Saved" }));
    expect(retried.edit_seq).toBe(flow.edit_seq + 1);
  });
});
