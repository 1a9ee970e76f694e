import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { connect, newUser } from "../helpers/api";
import { flowRow, flows, readyFlow, revisionCount } from "../helpers/flows";

let key: string;
let instagram: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  ({ key } = await newUser("creator"));
  instagram = (await connect(key, "instagram")).id;
  f = flows(key);
});

const ROUNDS = 12;
const WRITERS = 4;

describe("concurrent edits (rule 2)", () => {
  it("over many rounds of simultaneous add_node calls, exactly the winners' steps exist; every loser is state_error wait_then_retry", async () => {
    const flow = await f.create({ name: "Race", account_id: instagram });
    const won: string[] = [];
    const seqs = new Set<number>();
    let lost = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const names = Array.from({ length: WRITERS }, (_, w) => `r${round}w${w}`);
      const answers = await Promise.all(
        names.map((name) => f.addNode(flow.id, { type: "delay", name, data: { delay_time: 1000 } })),
      );
      answers.forEach((res, w) => {
        if (res.status === 200) {
          won.push(names[w]!);
          seqs.add(res.body.data.edit_seq);
          expect(res.body.data.nodes.map((n: { name: string }) => n.name)).toContain(names[w]);
        } else {
          lost++;
          expect(res.status).toBe(409);
          expect(res.body.error).toMatchObject({ code: "state_error", suggestion: "wait_then_retry" });
        }
      });
      expect(answers.some((res) => res.status === 200)).toBe(true);
    }
    // The calls really overlapped (else this test proves nothing).
    expect(lost).toBeGreaterThan(0);
    const row = await flowRow(flow.id);
    const stored = (JSON.parse(row!.steps) as { name: string }[]).map((s) => s.name);
    // No lost update and no phantom: the steps are exactly the winners'.
    expect(stored.sort()).toEqual([...won].sort());
    // Each win moved the sequence once and saved the content it replaced, once.
    expect(row!.edit_seq).toBe(1 + won.length);
    expect(seqs.size).toBe(won.length);
    expect(await revisionCount(flow.id)).toBe(won.length);
    const { results } = await env.DB.prepare("SELECT seq, content_hash FROM flow_versions WHERE flow_id = ?")
      .bind(flow.id)
      .all<{ seq: number; content_hash: string }>();
    expect(new Set(results.map((r) => r.seq)).size).toBe(won.length);
  });

  it("simultaneous update_node calls on one step: the stored text is the last winner's, and the others changed nothing", async () => {
    const flow = await readyFlow(key, instagram, "RACE");
    for (let round = 0; round < ROUNDS; round++) {
      const texts = Array.from({ length: WRITERS }, (_, w) => `round ${round} writer ${w}`);
      const answers = await Promise.all(texts.map((text) => f.updateNode(flow.id, "Reply", { text })));
      const winners = answers
        .map((res, w) => ({ res, text: texts[w]! }))
        .filter(({ res }) => res.status === 200)
        .sort((a, b) => a.res.body.data.edit_seq - b.res.body.data.edit_seq);
      expect(winners.length).toBeGreaterThan(0);
      for (const res of answers.filter((r) => r.status !== 200)) {
        expect(res.body.error).toMatchObject({ code: "state_error", suggestion: "wait_then_retry" });
      }
      const { node, edit_seq } = await f.get(flow.id, "Reply");
      expect(node.data.blocks[0].text).toBe(winners.at(-1)!.text);
      expect(edit_seq).toBe(winners.at(-1)!.res.body.data.edit_seq);
    }
  });

  it("an edit racing activation: either the edit lands on the draft, or the flow went live unedited", async () => {
    for (let round = 0; round < 6; round++) {
      const flow = await readyFlow(key, instagram, `RACE${round}`);
      const [edit, activation] = await Promise.all([
        f.updateNode(flow.id, "Reply", { text: "Edited while turning on" }),
        f.activate(flow.id),
      ]);
      const after = await f.get(flow.id, "Reply");
      const edited = after.node.data.blocks[0].text === "Edited while turning on";
      if (activation.status === 200) {
        expect(after.status).toBe("live");
        // What runs is the pinned version: the content the problems were checked on.
        const pinned = await env.DB.prepare("SELECT content_hash FROM flow_versions WHERE id = ?")
          .bind(after.live_version_id)
          .first<{ content_hash: string }>();
        expect(pinned!.content_hash).toBe(after.content_hash);
      }
      if (edit.status === 200) expect(edited).toBe(true);
      else expect([edited, edit.body.error.code]).toEqual([false, "state_error"]);
      expect(activation.status === 200 || edit.status === 200).toBe(true);
    }
  });
});
