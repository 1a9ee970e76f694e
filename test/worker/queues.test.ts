import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import worker from "../../src/index";
import { currentRequestId, inRequest } from "../../src/lib/log";
import { defineQueue, MAX_RETRY_DELAY_S, oneByOne, type Verdict } from "../../src/queues/queue";
import type { Runtime } from "../../src/services/runtime";
import { api } from "./helpers/api";
import { captureLog } from "./helpers/log";

let seq = 0;
const message = (body: unknown, attempts = 1) => ({ id: `m${++seq}`, timestamp: new Date(), attempts, body });

/** Runs the Worker's consumer on a batch of `queue`, as the platform would deliver it; answers how it settled. */
async function deliver(queue: string, messages: ReturnType<typeof message>[]) {
  const batch = createMessageBatch(queue, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

afterEach(() => vi.restoreAllMocks());

describe("every queue's consumer", () => {
  const queues = [
    "herald-publish",
    "herald-webhooks",
    "herald-plug-checks",
    "herald-feed-checks",
    "herald-revocations",
    "herald-report-mails",
  ];

  it.each(queues)("%s drops a malformed message with a log line, and retries nothing", async (queue) => {
    const logged = captureLog();
    const bad = message({ nonsense: true, request_id: "req-malformed" });
    const result = await deliver(queue, [bad]);
    logged.restore();
    expect([result.explicitAcks, result.retryMessages]).toEqual([[bad.id], []]);
    expect(logged.lines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "queue.malformed_message",
        queue,
        message_id: bad.id,
        sent_by: "req-malformed",
      }),
    );
  });
});

describe("the shared queue shape", () => {
  const sent: { body: unknown; delaySeconds?: number }[][] = [];
  const testQueue = defineQueue({
    name: "herald-test",
    binding: () => ({ sendBatch: async (batch: (typeof sent)[number]) => void sent.push(batch) }) as unknown as Queue,
    schema: z.object({ n: z.number() }),
  });
  const rt = { env: {} } as Runtime;

  /** Runs the test queue's consumer on messages that record how they were settled (with the delay asked for). */
  async function consume(handle: Parameters<typeof testQueue.consumer>[0], messages: ReturnType<typeof message>[]) {
    const settled: { acked: string[]; retried: { id: string; delaySeconds?: number }[] } = { acked: [], retried: [] };
    const batch = {
      queue: "herald-test",
      messages: messages.map((m) => ({
        ...m,
        ack: () => settled.acked.push(m.id),
        retry: (options?: { delaySeconds?: number }) => settled.retried.push({ id: m.id, ...options }),
      })),
    } as unknown as MessageBatch<unknown>;
    await testQueue.consumer(handle).consume(rt, batch);
    return settled;
  }

  it("retries a batch whose handler failed after 2 ** attempts seconds, never more than the cap", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const messages = [message({ n: 1 }, 1), message({ n: 2 }, 3), message({ n: 3 }, 12)];
    const result = await consume(async () => {
      throw new Error("the database is away");
    }, messages);
    expect(result).toEqual({
      acked: [],
      retried: [
        { id: messages[0]!.id, delaySeconds: 2 },
        { id: messages[1]!.id, delaySeconds: 8 },
        { id: messages[2]!.id, delaySeconds: MAX_RETRY_DELAY_S },
      ],
    });
  });

  it("settles each message by its own verdict; one by one, a failing message is retried alone", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [ok, failing, waiting] = [message({ n: 1 }), message({ n: 2 }, 2), message({ n: 3 })];
    const result = await consume(
      oneByOne(async (_rt, { body }): Promise<Verdict> => {
        if (body.n === 2) throw new Error("this one fails");
        return body.n === 3 ? { retryAfterSeconds: 30 } : "ack";
      }),
      [ok!, failing!, waiting!],
    );
    expect(result).toEqual({
      acked: [ok!.id],
      retried: [
        { id: failing!.id, delaySeconds: 4 },
        { id: waiting!.id, delaySeconds: 30 },
      ],
    });
  });

  it("a message carries the id of the request that sent it; its handler runs under that id, the body without it", async () => {
    sent.length = 0;
    await inRequest("req-sender", "test", () => testQueue.send(rt, [{ n: 1 }]));
    expect(sent[0]![0]!.body).toEqual({ n: 1, request_id: "req-sender" });
    const seen: { body: unknown; requestId?: string; logged?: string }[] = [];
    const result = await consume(
      oneByOne(async (_rt, received): Promise<Verdict> => {
        seen.push({ body: received.body, requestId: received.requestId, logged: currentRequestId() });
        return "ack";
      }),
      [message(sent[0]![0]!.body), message({ n: 2 })],
    );
    expect(result.acked).toHaveLength(2);
    expect(seen[0]).toEqual({ body: { n: 1 }, requestId: "req-sender", logged: "req-sender" });
    // A message sent before messages carried ids (or by nothing that had one) is handled under an id of its own.
    expect(seen[1]).toMatchObject({ body: { n: 2 }, requestId: undefined, logged: expect.stringMatching(/^queue-/) });
  });

  it("sends in batches within the platform's limits: 100 messages, and 256 KB", async () => {
    sent.length = 0;
    await testQueue.send(
      rt,
      Array.from({ length: 250 }, (_, n) => ({ n })),
      { delaySeconds: 5 },
    );
    expect(sent.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(sent[0]![0]).toEqual({ body: { n: 0 }, delaySeconds: 5 });

    sent.length = 0;
    const big = defineQueue({
      name: "herald-test",
      binding: testQueue.binding,
      schema: z.object({ text: z.string() }),
    });
    await big.send(
      rt,
      Array.from({ length: 10 }, () => ({ text: "x".repeat(60_000) })),
    );
    expect(sent.map((b) => b.length)).toEqual([4, 4, 2]);
  });

  it("sends its batches at once: one that fails rejects the send, and the others are still sent", async () => {
    const delivered: number[][] = [];
    let calls = 0;
    const flaky = defineQueue({
      name: "herald-test",
      binding: () =>
        ({
          sendBatch: async (batch: { body: { n: number } }[]) => {
            if (calls++ === 0) throw new Error("queue unavailable");
            delivered.push(batch.map((m) => m.body.n));
          },
        }) as unknown as Queue,
      schema: z.object({ n: z.number() }),
    });
    const sending = flaky.send(
      rt,
      Array.from({ length: 250 }, (_, n) => ({ n })),
    );
    await expect(sending).rejects.toThrow("queue unavailable");
    expect(delivered.map((b) => [b[0], b.length])).toEqual([
      [100, 100],
      [200, 50],
    ]);
  });
});

describe("dead-letter queues", () => {
  it.each([
    ["herald-publish-dlq", "herald-publish", { targetId: "tgt_gaveup" }],
    ["herald-webhooks-dlq", "herald-webhooks", { deliveryId: "dlv_gaveup", attempt: 2 }],
    ["herald-inbound-dlq", "herald-inbound", { accountId: "acct_gone", id: "m-gaveup", senderId: "u-1" }],
  ])("%s keeps each message it receives and shows it on /api/v1/health", async (dlq, queue, body) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const letter = message(body, 10);
    const result = await deliver(dlq, [letter, message("not even an object", 10)]);
    expect(result.ackAll).toBe(true);
    // A dead letter delivered twice is kept once.
    await deliver(dlq, [letter]);

    const rows = await env.DB.prepare("SELECT queue, message_id, body, attempts FROM dead_letters WHERE queue = ?")
      .bind(queue)
      .all<{ queue: string; message_id: string; body: string; attempts: number }>();
    expect(rows.results.filter((r) => r.message_id === letter.id)).toEqual([
      { queue, message_id: letter.id, body: JSON.stringify(body), attempts: 10 },
    ]);
    expect(rows.results).toHaveLength(2);

    const health = await api("GET", "/api/v1/health");
    const entry = health.body.data.machinery.find((m: { name: string }) => m.name === `${queue}:dead-letters`);
    expect(entry.last_run_at).not.toBeNull();
    // Health shows a code, never a message; the letters themselves are in dead_letters (above).
    expect(entry.last_error).toBe("DEAD_LETTERS");
  });
});
