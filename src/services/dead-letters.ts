// Dead letters: messages a queue gave up on, kept and raised on /api/v1/health.
import { chunksFor, paramsPerRow } from "../db/limits";
import { deadLetters } from "../db/schema";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import type { DeadLetter } from "../queues/queue";
import { runRecord } from "./health";
import type { Runtime } from "./runtime";

/** The name under which /api/v1/health shows the last message a queue gave up on. */
export const deadLetterRun = (queue: string) => `${queue}:dead-letters`;

/**
 * Keeps the messages a queue gave up on after every retry (`dead_letters`, once per message) and raises them on
 * /api/v1/health: the queue's dead-letter entry shows when the last one came, with the code `DEAD_LETTERS` (health
 * shows codes, never messages; the ids are in `dead_letters` and the log), so nothing that failed every try
 * disappears silently.
 */
export async function recordDeadLetters(rt: Runtime, queue: string, letters: DeadLetter[]): Promise<void> {
  if (letters.length === 0) return;
  const now = rt.clock.now();
  const rows = letters.map((letter) => ({
    id: newId("dlq"),
    queue,
    messageId: letter.id,
    body: letter.body ?? null,
    attempts: letter.attempts,
    createdAt: now,
  }));
  const run = { lastRunAt: now, lastDurationMs: 0, lastError: "DEAD_LETTERS" };
  await rt.db.batch([
    runRecord(rt, deadLetterRun(queue), run),
    ...chunksFor(rows, paramsPerRow(rows[0]!)).map((chunk) =>
      rt.db.insert(deadLetters).values(chunk).onConflictDoNothing(),
    ),
  ]);
  log.error("queue.dead_lettered", {
    queue,
    messages: letters.length,
    message_ids: letters.map((l) => l.id),
    // The requests that sent them, to find what each was for.
    sent_by: [...new Set(letters.map((l) => (l.body as { request_id?: unknown } | null)?.request_id).filter(Boolean))],
  });
}
