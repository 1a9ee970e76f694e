import {
  abortAllDurableObjects,
  applyD1Migrations,
  env,
  listDurableObjectIds,
  runInDurableObject,
} from "cloudflare:test";
import { afterAll, vi } from "vitest";

/**
 * Every test file starts from empty storage, as if it had a runtime of its own. The files of one vitest worker
 * share a workerd process and its module graph (`isolate: false` in vitest.config.ts), which saves a runtime
 * start and a load of the Worker per file; this setup, run before each file, takes back what that sharing would
 * leak: D1 rows, KV keys, R2 objects, Durable Objects' storage, alarms and memory, and test doubles.
 */

/**
 * Objects named by random ids (a contact, a plug, a user's slot picker): no later file can reach one again, but an
 * alarm one left set would still ring, so each is emptied once, by the file after the one that made it.
 */
const RANDOMLY_NAMED = ["CONTACT_RUNNER", "PLUG_FIRER", "SLOT_PICKER"] as const;
/** Objects every file shares by name: emptied before each file. */
const SHARED_BY_NAME = [
  ["SCHEDULER", "global"],
  ["WEBHOOK_FANOUT", "global"],
] as const;

/** Objects of RANDOMLY_NAMED already emptied, kept across the files of this runtime (this module runs per file). */
const shared = globalThis as { emptiedObjects?: Set<string> };
shared.emptiedObjects ??= new Set();
const emptied = shared.emptiedObjects;

const emptyObject = (stub: DurableObjectStub) =>
  runInDurableObject(stub, async (_object: unknown, state: DurableObjectState) => {
    await state.storage.deleteAlarm(); // deleteAll() leaves the alarm
    await state.storage.deleteAll();
  });

/**
 * Rate limiters are left out: each is named by a random key or user id, except the per-address buckets of sign-in
 * attempts, whose counts live a minute of service time; their memory is reset below with every object's.
 */
async function emptyDurableObjects() {
  const fresh = await Promise.all(
    RANDOMLY_NAMED.map(async (name) => {
      const ns = env[name] as DurableObjectNamespace;
      return (await listDurableObjectIds(ns)).filter((id) => !emptied.has(id.toString())).map((id) => ns.get(id));
    }),
  );
  const sharedByName = SHARED_BY_NAME.map(([name, key]) => {
    const ns = env[name] as DurableObjectNamespace;
    return ns.get(ns.idFromName(key));
  });
  const stubs = [...fresh.flat(), ...sharedByName];
  await Promise.all(stubs.map(emptyObject));
  for (const stub of fresh.flat()) emptied.add(stub.id.toString());
  await abortAllDurableObjects(); // what they hold in memory (a rate counter, a runner's work in hand)
}

async function emptyD1() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT IN ('d1_migrations', 'sqlite_sequence') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  ).all<{ name: string }>();
  if (results.length === 0) return;
  const hasSequences = await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").first();
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
    ...(hasSequences ? [env.DB.prepare("DELETE FROM sqlite_sequence")] : []),
  ]);
}

async function emptyKv() {
  for (let cursor: string | undefined; ; ) {
    const page = await env.OAUTH_KV.list({ cursor });
    await Promise.all(page.keys.map((key) => env.OAUTH_KV.delete(key.name)));
    if (page.list_complete) return;
    cursor = page.cursor;
  }
}

async function emptyR2() {
  for (let cursor: string | undefined; ; ) {
    const page = await env.MEDIA.list({ cursor });
    if (page.objects.length > 0) await env.MEDIA.delete(page.objects.map((o) => o.key));
    if (!page.truncated) return;
    cursor = page.cursor;
  }
}

// Objects first: one still at work for the last file (the webhook fan-out's alarm, say) could otherwise write to D1
// after it was emptied, such as an outbox cursor past every event this file will write.
await emptyDurableObjects();
await Promise.all([emptyD1(), emptyKv(), emptyR2()]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
