import { eq, inArray } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { settings } from "../db/schema";
import { type Clock, offsetClock } from "../lib/clock";
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

/**
 * Builds the runtime for one request, queue batch or cron run. Outside the sandbox this touches no
 * storage; in the sandbox it reads the clock offset and config overrides (one query).
 */
export async function createRuntime(env: Env): Promise<Runtime> {
  const db = createDb(env.DB);
  const sandbox = isSandbox(env);
  const base = configFromVars(env as unknown as Record<string, unknown>);
  if (!sandbox) return { env, db, clock: { now: () => Date.now() }, config: base, sandbox };

  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [CONFIG_KEY, CLOCK_KEY]));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const config = ConfigSchema.parse({ ...base, ...(stored[CONFIG_KEY] as object | undefined) });
  return { env, db, clock: offsetClock(Number(stored[CLOCK_KEY] ?? 0)), config, sandbox };
}

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
  const offset = target - Date.now();
  await putSetting(rt.db, CLOCK_KEY, offset);
  return Date.now() + offset;
}
