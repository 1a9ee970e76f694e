import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { expect, it } from "vitest";
import { CONSUMERS } from "../../src/queues";

const wrangler = parse(readFileSync("wrangler.toml", "utf8")) as {
  queues: { consumers: { queue: string; dead_letter_queue?: string }[] };
};

it("wires a consumer to every queue and every dead-letter queue wrangler.toml declares, and to nothing else", () => {
  const declared = wrangler.queues.consumers.map((c) => c.queue);
  const deadLetterQueues = wrangler.queues.consumers.flatMap((c) => (c.dead_letter_queue ? [c.dead_letter_queue] : []));
  expect(deadLetterQueues.every((q) => declared.includes(q))).toBe(true);
  expect(CONSUMERS.map((c) => c.queue).sort()).toEqual(declared.sort());
});
