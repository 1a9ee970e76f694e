// Zod schemas of plugs: arming one on a post, a plug, the list, and removing one.
import { z } from "@hono/zod-openapi";
import { PLUG_ACTIONS, PLUG_METRICS } from "../db/schema/plugs";

export const PlugCreateSchema = z
  .object({
    account_id: z.string().min(1).max(100),
    trigger: z.object({
      metric: z.enum(PLUG_METRICS),
      threshold: z.number().int().min(1).max(1_000_000_000),
    }),
    action: z.object({
      kind: z.enum(PLUG_ACTIONS),
      text: z.string().max(10_000).optional().openapi({ description: "The comment; required for `comment`" }),
    }),
  })
  .strict()
  .openapi("PlugCreate");
export type PlugCreateInput = z.infer<typeof PlugCreateSchema>;

export const PlugSchema = z
  .object({
    id: z.string(),
    plug_id: z.string(),
    post_id: z.string(),
    account_id: z.string(),
    platform: z.string(),
    trigger: z.object({ metric: z.enum(PLUG_METRICS), threshold: z.number().int() }),
    action: z.object({ kind: z.enum(PLUG_ACTIONS), text: z.string().optional() }),
    state: z.enum(["armed", "fired", "expired", "failed"]),
    firing: z.boolean().openapi({ description: "true while the action runs (the plug cannot be removed then)" }),
    last_value: z.number().nullable(),
    last_checked_at: z.string().nullable(),
    fired_at: z.string().nullable(),
    error: z
      .string()
      .nullable()
      .openapi({ description: "NOT_REACHED, POST_DELETED, POST_UNSCHEDULED, AMBIGUOUS_MAY_HAVE_POSTED, …" }),
    note: z.string().nullable().openapi({ example: "Daily check limit reached" }),
    watching_since: z
      .string()
      .nullable()
      .openapi({ description: "When the post went live on the account; null while it waits" }),
    created_at: z.string(),
  })
  .openapi("Plug");

export const PlugListSchema = z
  .object({
    plugs: z.array(PlugSchema),
    targets: z.array(
      z.object({
        account_id: z.string(),
        platform: z.string(),
        metrics: z.array(z.enum(PLUG_METRICS)),
        actions: z.array(z.enum(PLUG_ACTIONS)),
      }),
    ),
    limits: z.object({
      per_account_on_post: z.object({ limit: z.number(), used: z.record(z.string(), z.number()) }),
      watching: z.object({ limit: z.number(), used: z.number() }),
    }),
  })
  .openapi("PlugList");

export const PlugDeleteQuery = z.object({ plug_id: z.string().min(1).max(100) });
