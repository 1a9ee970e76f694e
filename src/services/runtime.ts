// The runtime every service is handed: storage, the clock, the config and the bindings.
import { eq, inArray } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { settings } from "../db/schema";
import { type Clock, offsetClock, offsetToNow, realClock } from "../lib/clock";
import { oncePer } from "../lib/memo";
import { type Config, ConfigSchema, configFromVars } from "./config";

/** What every service is handed: storage, the clock, the tunable numbers and the bindings. */
export interface Runtime {
  env: Env;
  db: Db;
  clock: Clock;
  config: Config;
  sandbox: boolean;
}

export const isSandbox = (env: Env) => env.SANDBOX === "true";

const CONFIG_KEY = "config";
const CLOCK_KEY = "clock_offset_ms";

/** The config from the deployment's vars, read once per isolate (the vars cannot change under it). */
const baseConfigOf = oncePer((env: Env) => configFromVars(env as unknown as Record<string, unknown>));

/** The last sandbox overrides seen and the config they make: they change rarely, so most requests reuse it. */
let lastOverrides: { env: Env; json: string; config: Config } | undefined;

function sandboxConfigOf(env: Env, overrides: unknown): Config {
  const json = JSON.stringify(overrides ?? {});
  if (lastOverrides?.env !== env || lastOverrides.json !== json) {
    lastOverrides = { env, json, config: ConfigSchema.parse({ ...baseConfigOf(env), ...(overrides as object) }) };
  }
  return lastOverrides.config;
}

/**
 * Builds the runtime for one request, queue batch or cron run. Outside the sandbox this touches no
 * storage; in the sandbox it reads the clock offset and config overrides (one query). `d1` is what `rt.db`
 * talks to: a request's D1 session (`withSession`), or the binding itself, whose every query goes to the primary.
 */
export async function createRuntime(env: Env, d1: D1Database | D1DatabaseSession = env.DB): Promise<Runtime> {
  const db = createDb(d1);
  const sandbox = isSandbox(env);
  if (!sandbox) return { env, db, clock: realClock, config: baseConfigOf(env), sandbox };

  const rows = await createDb(env.DB)
    .select()
    .from(settings)
    .where(inArray(settings.key, [CONFIG_KEY, CLOCK_KEY]));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const config = sandboxConfigOf(env, stored[CONFIG_KEY]);
  return { env, db, clock: offsetClock(Number(stored[CLOCK_KEY] ?? 0)), config, sandbox };
}

/**
 * The same runtime reading and writing on the D1 primary, for reads that must see every write committed so far
 * (whoever made it) rather than what the caller's session has seen: a key's revocation, a slot taken under a lock.
 */
export const onPrimary = (rt: Runtime): Runtime => ({ ...rt, db: createDb(rt.env.DB) });

async function putSetting(db: Db, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function updateConfig(rt: Runtime, patch: Partial<Config>): Promise<Config> {
  const [row] = await rt.db.select().from(settings).where(eq(settings.key, CONFIG_KEY));
  const overrides = { ...(row?.value as object | undefined), ...patch };
  await putSetting(rt.db, CONFIG_KEY, overrides);
  return ConfigSchema.parse({ ...rt.config, ...overrides });
}

/** Moves the sandbox clock so that `now()` returns `target`. Returns the new now. */
export async function setClock(rt: Runtime, target: number): Promise<number> {
  const offset = offsetToNow(target);
  await putSetting(rt.db, CLOCK_KEY, offset);
  return offsetClock(offset).now();
}
