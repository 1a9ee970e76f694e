// Counting the round trips a request makes to each binding, for tests and the bench.
import { AsyncLocalStorage } from "node:async_hooks";
import { oncePer } from "./memo";

/**
 * Round trips one request makes to each kind of binding, for tests and the bench. The Worker's entry counts
 * only when `COUNT_ROUND_TRIPS=true`: production runs on the bare bindings and pays nothing.
 *
 * What is counted: every call the Worker's own code makes on a binding, each one round trip. A D1 statement
 * (`first`, `all`, `run`, `raw`) or `batch` (however many statements) is one; a Durable Object stub method call
 * or `fetch` is one; a queue `send` or `sendBatch`, a KV or R2 operation is one. What is not: work a Durable
 * Object does inside itself while answering (its own storage), and the bindings' own calls that never leave
 * the Worker (`prepare`, `bind`, `idFromName`, `get`, which build a statement or a stub). Work that starts when
 * `ctx.waitUntil` takes it (a drizzle query runs when awaited) is tallied apart, as `background`: it costs a
 * round trip but the answer does not wait for it. A call already running when handed over was made on the path.
 */
export interface RoundTrips {
  d1: number;
  do: number;
  queue: number;
  kv: number;
  r2: number;
  /** Rows as D1 reports them (`meta.rows_read` / `meta.rows_written`) for the statements whose answer has meta. */
  d1RowsRead: number;
  d1RowsWritten: number;
  /** Statements whose rows D1 does not report (`raw()` and `first()` answers carry no meta). */
  d1Unmetered: number;
}

type Kind = "d1" | "do" | "queue" | "kv" | "r2";

type KindOf<T> = T extends D1Database
  ? "d1"
  : T extends DurableObjectNamespace<any>
    ? "do"
    : T extends Queue<any>
      ? "queue"
      : T extends KVNamespace
        ? "kv"
        : T extends R2Bucket
          ? "r2"
          : never;

/** Every counted binding of the env with its kind: the type fails to compile when wrangler.toml gains one unlisted. */
type CountedBindings = { [K in keyof Env as [KindOf<Env[K]>] extends [never] ? never : K]: KindOf<Env[K]> };

const BINDINGS: CountedBindings = {
  DB: "d1",
  OAUTH_KV: "kv",
  MEDIA: "r2",
  PUBLISH_QUEUE: "queue",
  WEBHOOK_QUEUE: "queue",
  PLUG_CHECK_QUEUE: "queue",
  FEED_CHECK_QUEUE: "queue",
  REVOCATION_QUEUE: "queue",
  METRICS_QUEUE: "queue",
  INBOUND_QUEUE: "queue",
  INBOX_REPLY_QUEUE: "queue",
  REPORT_MAIL_QUEUE: "queue",
  RATE_LIMITER: "do",
  SCHEDULER: "do",
  PLUG_FIRER: "do",
  WEBHOOK_FANOUT: "do",
  SLOT_PICKER: "do",
  CONTACT_RUNNER: "do",
};

export const noRoundTrips = (): RoundTrips => ({
  d1: 0,
  do: 0,
  queue: 0,
  kv: 0,
  r2: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  d1Unmetered: 0,
});

/** The tally of the request being served; the wrapped bindings add to it. */
const current = new AsyncLocalStorage<RoundTrips>();

const tallyOf = (kind: Kind) => {
  const trips = current.getStore();
  if (trips) trips[kind]++;
  return trips;
};

/**
 * Calls `method` of `target` as one round trip of `kind`. Called as a method of `target` (never through `.apply`,
 * which a Durable Object stub would take for a method of the object).
 */
const counted =
  <T extends object>(target: T, kind: Kind, method: PropertyKey) =>
  (...args: unknown[]) => {
    tallyOf(kind);
    return (target as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]!(...args);
  };

/** Every function member of `target` counted as a round trip of `kind`, except those in `local`. */
function countEveryCall<T extends object>(target: T, kind: Kind, local: ReadonlySet<PropertyKey> = new Set()): T {
  return new Proxy(target, {
    get(inner, prop) {
      const value = Reflect.get(inner, prop);
      if (typeof prop === "symbol" || local.has(prop) || typeof value !== "function") return value;
      return counted(inner, kind, prop);
    },
  });
}

// ---- D1: statements are built locally; running one, or a batch, is one round trip.

const INNER = Symbol("inner statement");
type CountedStatement = D1PreparedStatement & { [INNER]: D1PreparedStatement };

function meter(trips: RoundTrips | undefined, results: D1Result | D1Result[]) {
  if (!trips) return;
  for (const result of Array.isArray(results) ? results : [results]) {
    trips.d1RowsRead += result.meta?.rows_read ?? 0;
    trips.d1RowsWritten += result.meta?.rows_written ?? 0;
  }
}

function countStatement(inner: D1PreparedStatement): CountedStatement {
  const unmetered = <T>(run: () => Promise<T>) => {
    const trips = tallyOf("d1");
    if (trips) trips.d1Unmetered++;
    return run();
  };
  const metered = async <T extends D1Result>(run: () => Promise<T>) => {
    const trips = tallyOf("d1");
    const result = await run();
    meter(trips, result);
    return result;
  };
  const statement = {
    [INNER]: inner,
    bind: (...values: unknown[]) => countStatement(inner.bind(...values)),
    first: (column?: string) => unmetered(() => (column === undefined ? inner.first() : inner.first(column))),
    run: () => metered(() => inner.run()),
    all: () => metered(() => inner.all()),
    raw: (options?: { columnNames?: boolean }) => unmetered(() => inner.raw(options as { columnNames?: false })),
  };
  return statement as unknown as CountedStatement;
}

const innerOf = (statement: D1PreparedStatement) => (statement as Partial<CountedStatement>)[INNER] ?? statement;

async function countBatch(target: D1Database | D1DatabaseSession, statements: D1PreparedStatement[]) {
  const trips = tallyOf("d1");
  const results = await target.batch(statements.map(innerOf));
  meter(trips, results);
  return results;
}

function countSession(session: D1DatabaseSession): D1DatabaseSession {
  return {
    prepare: (sql: string) => countStatement(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => countBatch(session, statements),
    getBookmark: () => session.getBookmark(),
  } as D1DatabaseSession;
}

function countD1(db: D1Database): D1Database {
  return {
    prepare: (sql: string) => countStatement(db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => countBatch(db, statements),
    exec: counted(db, "d1", "exec"),
    dump: counted(db, "d1", "dump"),
    withSession: (constraintOrBookmark?: string) => countSession(db.withSession(constraintOrBookmark)),
  } as D1Database;
}

// ---- Durable Objects: getting a stub is local; each method call or fetch on it is one round trip.

const STUB_LOCAL = new Set<PropertyKey>(["id", "name", "then"]);

function countNamespace(ns: DurableObjectNamespace): DurableObjectNamespace {
  return new Proxy(ns, {
    get(inner, prop) {
      const value = Reflect.get(inner, prop);
      if (typeof value !== "function") return value;
      const call = (...args: unknown[]) => (inner as unknown as Record<PropertyKey, typeof value>)[prop](...args);
      if (prop !== "get" && prop !== "getByName") return call;
      return (...args: unknown[]) => countEveryCall(call(...args) as DurableObjectStub, "do", STUB_LOCAL);
    },
  });
}

const WRAP: Record<Kind, (binding: any) => unknown> = {
  d1: countD1,
  do: countNamespace,
  queue: (queue: Queue) => countEveryCall(queue, "queue"),
  kv: (kv: KVNamespace) => countEveryCall(kv, "kv"),
  r2: (bucket: R2Bucket) => countEveryCall(bucket, "r2"),
};

/** The env with every counted binding wrapped; made once per env, so what is memoized per env stays so. */
const countingEnv = oncePer((env: Env): Env => {
  const wrapped: Record<string, unknown> = { ...env };
  for (const [name, kind] of Object.entries(BINDINGS) as [keyof Env, Kind][]) {
    if (env[name] !== undefined) wrapped[name] = WRAP[kind](env[name]);
  }
  return wrapped as unknown as Env;
});

/** The execution context whose `waitUntil` work is tallied in `background`. */
function countingCtx(ctx: ExecutionContext, background: RoundTrips): ExecutionContext {
  return new Proxy(ctx, {
    get(inner, prop) {
      // Resolving the promise inside the background tally starts a lazy query (drizzle's) there.
      if (prop === "waitUntil") {
        return (work: Promise<unknown>) => inner.waitUntil(current.run(background, () => Promise.resolve(work)));
      }
      const value = Reflect.get(inner, prop);
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}

/**
 * Runs `serve` on the counting env and returns its answer with the round trips made before it answered: on its
 * way (`path`) and handed to `waitUntil` (`background`, as far as that work had gone by then).
 */
export async function withRoundTrips<T, C extends ExecutionContext | undefined>(
  env: Env,
  ctx: C,
  serve: (env: Env, ctx: C) => Promise<T>,
): Promise<[T, { path: RoundTrips; background: RoundTrips }]> {
  const [path, background] = [noRoundTrips(), noRoundTrips()];
  const counted = (ctx && countingCtx(ctx, background)) as C;
  const answer = await current.run(path, () => serve(countingEnv(env), counted));
  return [answer, { path: { ...path }, background: { ...background } }];
}

const KINDS: Kind[] = ["d1", "do", "queue", "kv", "r2"];

/** `d1=2, do=1, queue=0, kv=0, r2=0`, then `; background d1=1` when `waitUntil` work made round trips. */
export function formatRoundTrips(path: RoundTrips, background: RoundTrips): string {
  const later = KINDS.filter((k) => background[k] > 0).map((k) => `${k}=${background[k]}`);
  const now = KINDS.map((k) => `${k}=${path[k]}`).join(", ");
  return later.length > 0 ? `${now}; background ${later.join(", ")}` : now;
}

/** `read=12, written=3, unmetered=1`: the `X-Herald-D1-Rows` header. */
export const formatD1Rows = (t: RoundTrips) =>
  `read=${t.d1RowsRead}, written=${t.d1RowsWritten}, unmetered=${t.d1Unmetered}`;
