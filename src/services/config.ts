// The deployment's tunable numbers: wrangler vars read into the config, with their defaults.
import { z } from "@hono/zod-openapi";

/**
 * The deployment's tunable numbers. Production reads them from wrangler vars (UPPER_SNAKE names, JSON
 * or plain text); in sandbox mode `PATCH /api/v1/sandbox/config` overrides them at run time.
 */
export const ConfigSchema = z
  .object({
    rate_limit_per_hour: z.number().int().min(1).max(1_000_000),
    /** Sign-in, sign-up and OAuth registration and token requests each client IP may make per minute. */
    auth_attempts_per_ip_per_minute: z.number().int().min(1).max(1_000_000),
    /** Where short links point (`<public_base_url>/l/<code>`). */
    public_base_url: z.url({ protocol: /^https?$/ }),
    /** Delays between publish attempts after a transient platform error; their count + 1 is the most tries. */
    publish_retry_delays_s: z.array(z.number().int().min(0).max(86_400)).max(10),
    /** Metric reads per X account per minute and per day for plugs; over them, checks wait. */
    x_plug_checks_per_minute: z.number().int().min(1).max(10_000),
    x_plug_checks_per_day: z.number().int().min(1).max(1_000_000),
    /** LinkedIn plugs need LinkedIn's approval of company pages for this deployment. */
    linkedin_company_pages_approved: z.boolean(),
    /** Delays between the five tries of a webhook delivery (queue delays are capped at 12 hours). */
    webhook_retry_delays_s: z.array(z.number().int().min(0).max(43_200)).length(4),
    /** How long an endpoint has to answer. The spec's limit is 10 s; the sandbox may shorten it to test time-outs. */
    webhook_timeout_ms: z.number().int().min(1).max(10_000),
    /** Posting slots a user may have. */
    slots_per_user: z.number().int().min(1).max(10_000),
    /** A post this close to a slot occurrence (either side, exclusive) takes it. */
    slot_taken_window_s: z.number().int().min(0).max(86_400),
    /** How far ahead find-slot and next-slot scheduling look. */
    slot_search_days: z.number().int().min(1).max(366),
    /** How long a slot handed out by find-slot stays reserved. */
    slot_hold_s: z.number().int().min(1).max(86_400),
    /** Slots found by find-slot a user may hold at once; past them find-slot refuses (429) until one lapses or is posted. */
    slot_holds_per_user: z.number().int().min(1).max(100),
    /** How long the hourly housekeeping may spend deleting expired rows; what is left waits (health shows it). */
    retention_budget_s: z.number().int().min(0).max(600),
    /** Decisions and comments one client review link may take in an hour; past them the page answers 429. */
    review_link_decisions_per_hour: z.number().int().min(1).max(10_000),
    /** How often an active RSS feed is checked. */
    rss_check_interval_s: z.number().int().min(60).max(86_400),
    /** How long a feed has to answer, and the most bytes read from it. */
    rss_fetch_timeout_ms: z.number().int().min(1).max(30_000),
    rss_max_bytes: z.number().int().min(1024).max(10_000_000),
    /** The Workers AI model that writes `ai_draft` / `ai_schedule` posts (when the AI binding is present). */
    rss_ai_model: z.string().min(1).max(200),
    /** The Workers AI text-to-image model that draws RSS `image: ai` images (when the AI binding is present). */
    rss_ai_image_model: z.string().min(1).max(200),
    /** The Workers AI model that builds flows for generate_flow (when the AI binding is present). */
    flow_ai_model: z.string().min(1).max(200),
    /** Steps one flow execution may run in all (its whole life, across waits); past it the execution ends. */
    flow_max_steps_per_execution: z.number().int().min(1).max(10_000),
    /** Messages one flow execution may send in all; past it the execution ends. */
    flow_max_messages_per_execution: z.number().int().min(1).max(1_000),
    /** AI replies one contact gets a UTC day, across the account's flows; past it the plain reply goes (no credits). */
    flow_ai_replies_per_contact_per_day: z.number().int().min(0).max(10_000),
    /** Features being rolled out gradually: flag → the percentage of users who have it (absent: nobody). */
    rollouts: z.record(z.string().min(1).max(100), z.number().int().min(0).max(100)),
    /** The most rows one collected-data CSV holds; past them its last row says it was cut and where the rest is. */
    collected_csv_max_rows: z.number().int().min(1).max(1_000_000),
    /** Who may export collected data (`export_collected_data`): admin users only while it is rolled out, then all. */
    export_collected_data_rollout: z.enum(["admins", "all"]),
    /** The part size resumable media uploads are cut into (R2 takes parts of 5 MiB and more, all equal but the last). */
    media_part_size_bytes: z
      .number()
      .int()
      .min(5 * 1024 * 1024)
      .max(100 * 1024 * 1024),
  })
  .openapi("Config");

export type Config = z.infer<typeof ConfigSchema>;

const DEFAULTS: Config = {
  rate_limit_per_hour: 1000,
  auth_attempts_per_ip_per_minute: 30,
  public_base_url: "http://localhost:8787",
  publish_retry_delays_s: [30, 120, 600, 1800],
  x_plug_checks_per_minute: 60,
  x_plug_checks_per_day: 2000,
  linkedin_company_pages_approved: false,
  webhook_retry_delays_s: [30, 120, 600, 3600],
  webhook_timeout_ms: 10_000,
  slots_per_user: 100,
  slot_taken_window_s: 300,
  slot_search_days: 60,
  slot_hold_s: 600,
  slot_holds_per_user: 5,
  retention_budget_s: 60,
  review_link_decisions_per_hour: 20,
  rss_check_interval_s: 900,
  rss_fetch_timeout_ms: 10_000,
  rss_max_bytes: 2_000_000,
  rss_ai_model: "@cf/meta/llama-3.1-8b-instruct",
  rss_ai_image_model: "@cf/black-forest-labs/flux-1-schnell",
  flow_ai_model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  flow_max_steps_per_execution: 100,
  flow_max_messages_per_execution: 25,
  flow_ai_replies_per_contact_per_day: 5,
  rollouts: {},
  collected_csv_max_rows: 100_000,
  export_collected_data_rollout: "admins",
  media_part_size_bytes: 8 * 1024 * 1024,
};

function readVar(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function configFromVars(env: Record<string, unknown>): Config {
  const config: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) {
    const raw = env[key.toUpperCase()];
    if (typeof raw === "string" && raw !== "") config[key] = readVar(raw);
  }
  return ConfigSchema.parse(config);
}
