import { z } from "@hono/zod-openapi";

/**
 * The deployment's tunable numbers. Production reads them from wrangler vars (UPPER_SNAKE names);
 * in sandbox mode `PATCH /api/v1/sandbox/config` overrides them at run time.
 */
export const ConfigSchema = z
  .object({
    rate_limit_per_hour: z.number().int().min(1).max(1_000_000),
  })
  .openapi("Config");

export type Config = z.infer<typeof ConfigSchema>;

const DEFAULTS: Config = {
  rate_limit_per_hour: 1000,
};

export function configFromVars(env: Record<string, unknown>): Config {
  const config: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof Config)[]) {
    const raw = env[key.toUpperCase()];
    if (typeof raw === "string" && raw !== "") config[key] = JSON.parse(raw);
  }
  return ConfigSchema.parse(config);
}
