// System routes: health, ping, and the bench's floor routes.
import { z } from "@hono/zod-openapi";
import { VERSION } from "../../changelog";
import { JOBS } from "../../cron";
import { DEAD_LETTERED } from "../../queues";
import { jsonContent, ok } from "../../schemas/common";
import { deadLetterRun } from "../../services/dead-letters";
import { machineryStatus, writeFloorRow } from "../../services/health";
import { SCHEDULER_RUN } from "../../services/posts/dispatch";
import { FANOUT_RUN } from "../../services/webhooks/fanout";
import { publicRoute } from "../define";
import { createRouter } from "../router";

export { VERSION };

/** Machinery that is not a cron job but must show it is alive, and each queue's dead letters. */
const MACHINERY = [SCHEDULER_RUN, FANOUT_RUN, ...DEAD_LETTERED.map((queue) => deadLetterRun(queue.name))];

const RunSchema = z.object({
  last_run_at: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
  last_error: z.string().nullable().openapi({
    description: "How the last run failed: an error code or class (`D1_ERROR`, `TypeError`), never its message",
  }),
});

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    time: z.string(),
    jobs: z.array(RunSchema.extend({ name: z.string(), schedule: z.string() })),
    machinery: z.array(RunSchema.extend({ name: z.string() })),
    retention: z
      .object({
        last_run_at: z.string().nullable().openapi({ description: "When housekeeping last pruned expired rows" }),
        drained: z.boolean().nullable().openapi({
          description: "Whether that run removed every expired row (null before the first run)",
        }),
        backlog: z
          .array(z.object({ table: z.string(), rows: z.number().int() }))
          .openapi({ description: "Tables it left expired rows in (its time budget ran out), and how many" }),
      })
      .openapi({ description: "How far behind the retention of growing tables is (docs/storage.md)" }),
  })
  .openapi("Health");

const health = publicRoute({
  operationId: "getHealth",
  method: "get",
  path: "/api/v1/health",
  tags: ["System"],
  summary: "Service version and when each cron job and the scheduler last ran",
  description: "Needs no key.",
  responses: { 200: ok(HealthSchema, "The machinery's state") },
  // A malformed `X-D1-Bookmark` header, refused before any route.
  errors: ["validation_error"],
});

const ping = publicRoute({
  operationId: "ping",
  method: "get",
  path: "/api/v1/ping",
  tags: ["System"],
  summary: "Answers at once and does no work",
  description: "Needs no key. The floor that benchmarks measure every route against.",
  responses: { 200: jsonContent(z.object({ pong: z.literal(true) }), "Pong") },
});

/**
 * The floor routes, registered before any middleware so they measure the Worker and nothing else: `ping`, and the
 * bench's one-insert floor (one D1 write) and R2 floor (one put); served only with `BENCH_FLOORS=true`, so no deployment
 * has a public write.
 */
export const floorRoutes = createRouter()
  .openapi(ping, (c) => c.json({ pong: true as const }, 200))
  .post("/bench/insert-floor", async (c) => {
    if (c.env.BENCH_FLOORS !== "true") return c.notFound();
    await writeFloorRow(c.env, Date.now());
    return c.json({ written: true }, 201);
  })
  // The media bench's floor: the request's bytes written straight to R2 in one put, then removed.
  .put("/bench/r2-floor", async (c) => {
    if (c.env.BENCH_FLOORS !== "true" || !c.req.raw.body) return c.notFound();
    const key = `bench-floor-${crypto.randomUUID()}`;
    const object = await c.env.MEDIA.put(key, c.req.raw.body);
    await c.env.MEDIA.delete(key);
    return c.json({ written: object?.size ?? 0 }, 201);
  });

export const systemRoutes = createRouter().openapi(health, async (c) => {
  const rt = c.var.rt;
  const status = await machineryStatus(rt, JOBS, MACHINERY);
  return c.json(
    {
      success: true as const,
      data: { status: "ok" as const, version: VERSION, time: new Date(rt.clock.now()).toISOString(), ...status },
    },
    200,
  );
});
