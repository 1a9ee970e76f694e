import { z } from "@hono/zod-openapi";

export const AUTOMATION_STATES = ["building", "failed", "off", "armed", "live", "needs_attention"] as const;

/** A scheduled post's automation, as agent tools show it (SPEC: Flow and collected data). */
export const PostAutomationSchema = z
  .object({
    flowId: z.string(),
    flowName: z.string(),
    state: z.enum(AUTOMATION_STATES),
    armed: z.boolean().openapi({ description: "Set to turn on with the scheduled post" }),
    problem: z
      .object({ code: z.string(), message: z.string() })
      .optional()
      .openapi({ description: "Present when the automation needs a fix" }),
  })
  .openapi("PostAutomation");
