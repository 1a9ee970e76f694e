// Zod schemas of a scheduled post's automation, and the states it can be in.
import { z } from "@hono/zod-openapi";

/** A scheduled post's automation's states, derived when read (`services/flows/automation.ts`). */
export const AUTOMATION_STATES = ["building", "failed", "off", "armed", "live", "needs_attention"] as const;
export type AutomationState = (typeof AUTOMATION_STATES)[number];

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

export const AutomationAttachSchema = z
  .object({
    flow_id: z.string().min(1).max(100).openapi({ description: "A draft flow on one of the post's accounts" }),
    armed: z.boolean().optional().openapi({ description: "true also sets it to turn on with the post" }),
  })
  .strict()
  .openapi("AutomationAttach");

export const AutomationArmSchema = z
  .object({
    armed: z.boolean().openapi({
      description:
        "true: turn the flow on when the post goes live (now, if it is live); false: not (turns a live one off)",
    }),
  })
  .strict()
  .openapi("AutomationArm");

export const AutomationDetachedSchema = z
  .object({
    post_id: z.string(),
    flow_id: z.string(),
    flow_status: z.enum(["draft", "live", "off"]),
    detached: z.literal(true),
  })
  .openapi("AutomationDetached");
