// `defineQueue`: the one shape of a queue (name, binding, message schema), its sends and its retries.
import type { z } from "@hono/zod-openapi";
import { currentRequestId, inRequest, log } from "../lib/log";

/**
 * The one shape of a queue. Each queue module (`publish.ts`, `webhooks.ts`, …) declares its name, binding and zod
 * message schema here; services import it to `send`, and `src/queues/index.ts` wires its `consumer` to the service
 * that handles its messages. The module imports no service, so services can send without an import cycle: it needs
 * only `QueueRuntime` of a runtime, and a consumer hands its handler the runtime it was given, whatever its type.
 */

/** What a queue needs of the runtime it is handed: the bindings, to send. */
export interface QueueRuntime {
  env: Env;
}

/** Cloudflare Queues take at most 100 messages, and 256 KB, per `sendBatch`. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 250_000;
/** A message that keeps failing waits 2, 4, 8 … seconds between tries, and never longer than this. */
export const MAX_RETRY_DELAY_S = 300;

/** What the consumer does with one message after its handler ran. */
export type Verdict = "ack" | "retry" | { retryAfterSeconds: number };

/** A message as its handler receives it: parsed, with how many times the queue has delivered it. */
export interface Received<T> {
  id: string;
  body: T;
  attempts: number;
  /** The request that sent it (see `src/lib/log.ts`): its handling is logged under the same id. */
  requestId?: string;
}

/**
 * Every message carries the id of the request that sent it beside its own fields, as `request_id`; the consumer
 * takes it off before the message's schema reads the rest (so a message sent before there were ids reads the same).
 */
const REQUEST_ID = "request_id";

function withRequestId<T>(body: T): T {
  const requestId = currentRequestId();
  return requestId && body !== null && typeof body === "object" ? { ...body, [REQUEST_ID]: requestId } : body;
}

function splitRequestId(body: unknown): { requestId?: string; rest: unknown } {
  if (body === null || typeof body !== "object" || !(REQUEST_ID in body)) return { rest: body };
  const { [REQUEST_ID]: requestId, ...rest } = body as Record<string, unknown>;
  return { requestId: typeof requestId === "string" ? requestId : undefined, rest };
}

/** The one request id of a batch whose messages all came from one request, else a new one for the batch. */
const batchRequestId = (messages: { requestId?: string }[]) => {
  const ids = new Set(messages.map((m) => m.requestId));
  return ids.size === 1 ? [...ids][0] : undefined;
};

/** Handles the valid messages of a batch, answering one verdict per message, in order. */
type BatchHandler<R, T> = (rt: R, messages: Received<T>[]) => Promise<Verdict[]>;

/** A consumer for `src/index.ts`: the queue it reads and how it consumes a batch (with the runtime `R`). */
export interface Consumer<R extends QueueRuntime> {
  queue: string;
  consume(rt: R, batch: MessageBatch<unknown>): Promise<void>;
}

/** The growing wait before a message's next try: 2 ** attempts seconds, at most `MAX_RETRY_DELAY_S`. */
const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, MAX_RETRY_DELAY_S);

/** Splits bodies into `sendBatch` calls within the platform's limits (count and size). */
function* sendBatches<T>(bodies: readonly T[]): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = JSON.stringify(body).length;
    if (batch.length === BATCH_MESSAGES || (batch.length > 0 && bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(body);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

function settle(message: Message<unknown>, verdict: Verdict) {
  if (verdict === "ack") message.ack();
  else if (verdict === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  else message.retry({ delaySeconds: verdict.retryAfterSeconds });
}

interface QueueSpec<S extends z.ZodType> {
  /** The queue's name in wrangler.toml. */
  name: string;
  /** Its producer binding. */
  binding: (env: Env) => Queue;
  schema: S;
  /** The dead-letter queue wrangler.toml sends it what fails every try, when it has one. */
  deadLetterQueue?: string;
}

export function defineQueue<S extends z.ZodType>(spec: QueueSpec<S>) {
  type Body = z.infer<S>;
  return {
    ...spec,

    /**
     * Sends messages, in as few `sendBatch` calls as the platform's limits allow, all at once; all wait
     * `delaySeconds`. Rejects if any call failed (the other calls' messages are sent).
     */
    async send(rt: QueueRuntime, bodies: readonly Body[], options: { delaySeconds?: number } = {}): Promise<void> {
      const queue = spec.binding(rt.env) as Queue<Body>;
      await Promise.all(
        [...sendBatches(bodies.map(withRequestId))].map((batch) =>
          queue.sendBatch(batch.map((body) => ({ body, delaySeconds: options.delaySeconds }))),
        ),
      );
    },

    /**
     * The consumer: parses each message (a malformed one is logged and dropped: retrying cannot mend it), hands the
     * valid ones to `handle`, and settles each by its verdict. A handler that throws has every message of the batch
     * retried after the growing delay.
     */
    consumer<R extends QueueRuntime>(handle: BatchHandler<R, Body>): Consumer<R> {
      return {
        queue: spec.name,
        async consume(rt, batch) {
          const valid: { message: Message<unknown>; received: Received<Body> }[] = [];
          for (const message of batch.messages) {
            const { requestId, rest } = splitRequestId(message.body);
            const parsed = spec.schema.safeParse(rest);
            if (parsed.success) {
              const received = { id: message.id, body: parsed.data, attempts: message.attempts, requestId };
              valid.push({ message, received });
            } else {
              log.error("queue.malformed_message", {
                queue: spec.name,
                message_id: message.id,
                sent_by: requestId,
                issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
              });
              message.ack();
            }
          }
          if (valid.length === 0) return;
          const received = valid.map((v) => v.received);
          let verdicts: Verdict[];
          try {
            verdicts = await inRequest(batchRequestId(received), "queue", () => handle(rt, received));
          } catch (error) {
            log.error("queue.batch_failed", { queue: spec.name, messages: valid.length, error });
            verdicts = valid.map(() => "retry");
          }
          for (const [i, { message }] of valid.entries()) settle(message, verdicts[i] ?? "retry");
        },
      };
    },
  };
}

/** A batch handler that handles one message at a time; one that throws is retried alone, after the growing delay. */
export const oneByOne =
  <R, T>(handle: (rt: R, message: Received<T>) => Promise<Verdict>): BatchHandler<R, T> =>
  async (rt, messages) => {
    const verdicts: Verdict[] = [];
    for (const message of messages) {
      verdicts.push(
        await inRequest(message.requestId, "queue", () =>
          handle(rt, message).catch((error): Verdict => {
            log.error("queue.message_failed", { message_id: message.id, error });
            return "retry";
          }),
        ),
      );
    }
    return verdicts;
  };

/** A dead-lettered message as it arrived: its body is kept as it was, valid or not. */
export type DeadLetter = Received<unknown>;

/**
 * The consumer of a queue's dead-letter queue: every message is handed to `record` (which keeps it and raises it
 * where people look), then acknowledged. If recording fails, the messages come back to be recorded again.
 */
export function deadLetterConsumer<R extends QueueRuntime>(
  queue: { name: string; deadLetterQueue?: string },
  record: (rt: R, queue: string, messages: DeadLetter[]) => Promise<void>,
): Consumer<R> {
  if (!queue.deadLetterQueue) throw new Error(`${queue.name} has no dead-letter queue`);
  return {
    queue: queue.deadLetterQueue,
    async consume(rt, batch) {
      const letters = batch.messages.map((m) => ({ id: m.id, body: m.body, attempts: m.attempts }));
      await record(rt, queue.name, letters);
      batch.ackAll();
    },
  };
}
