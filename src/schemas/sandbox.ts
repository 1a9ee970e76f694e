// Zod schemas of the sandbox's routes: users, accounts, recorded calls, metrics, faults, the clock, inbound.
import { z } from "@hono/zod-openapi";
import { ACCOUNT_STATUSES } from "../db/schema/accounts";
import { INBOUND_KINDS } from "../db/schema/flow-runs";
import { SANDBOX_CALL_KINDS } from "../db/schema/sandbox";
import { NAME_MAX, PLAN_NAMES } from "../db/schema/users";
import { FAULT_MODES, MAIL_FAULT } from "../platforms/sandbox";
import { DestinationSchema, PlatformKeySchema } from "./accounts";
import { Timestamp } from "./common";
import { CONTACT_CONTROLS } from "./contacts";
import { WEBHOOK_EVENTS } from "./webhooks";

export const SandboxUserBody = z
  .object({
    plan: z.enum(PLAN_NAMES),
    email: z.email().max(200).optional(),
    name: z.string().trim().min(1).max(NAME_MAX).optional().openapi({
      description: "The display name clients see on invite pages (else the email's local part)",
    }),
    admin: z.boolean().optional().openapi({
      description: "An admin user gets features rolled out to admins first (`export_collected_data`); default false",
    }),
  })
  .openapi("SandboxUserRequest");

export const SandboxUserSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    plan: z.enum(PLAN_NAMES),
    admin: z.boolean(),
    password: z.string(),
    api_key: z.string(),
    created: z.boolean().openapi({ description: "false when the email existed: it got a new password and key" }),
  })
  .openapi("SandboxUser");

const accountFacts = {
  name: z.string().min(1).max(200).optional(),
  platform_user_id: z.string().min(1).max(200).optional(),
  subscription_tier: z.string().min(1).max(50).nullable().optional(),
  text_limit: z.number().int().min(1).max(1_000_000).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  destinations: z.array(DestinationSchema).max(100).optional(),
  group_id: z.string().min(1).max(100).nullable().optional(),
  platform_subscription_tier: z.string().min(1).max(50).nullable().optional().openapi({
    description: "What the platform itself reports now, when it should differ from subscription_tier (X tier changes)",
  }),
  platform_followers: z.number().int().min(0).max(1_000_000_000).nullable().optional().openapi({
    description: "The follower count the platform's profile read reports (platforms that report followers)",
  }),
};

export const SandboxAccountBody = z
  .object({ platform: PlatformKeySchema, ...accountFacts })
  .openapi("SandboxAccountRequest");

export const SandboxAccountPatch = z.object(accountFacts).openapi("SandboxAccountPatch");
/** What a sandbox account is said to be (the platform's own say, `platform_subscription_tier` and followers, aside). */
export type AccountFacts = Omit<
  z.infer<typeof SandboxAccountPatch>,
  "platform_subscription_tier" | "platform_followers"
>;

export const SandboxCallSchema = z
  .object({
    kind: z.enum(SANDBOX_CALL_KINDS),
    platform: z.string(),
    account_id: z.string(),
    platform_post_id: z.string(),
    parent_platform_post_id: z.string().nullable(),
    at: z.string(),
  })
  .catchall(z.unknown())
  .openapi("SandboxCall", {
    description: "One call the sandbox platform received, with what was sent (text, media, options, …)",
  });

export const SandboxEmailSchema = z
  .object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    attachments: z.array(
      z.object({
        filename: z.string(),
        content_type: z.string(),
        size: z.number().int(),
        content_base64: z.string().openapi({ description: "The file itself" }),
      }),
    ),
    at: z.string(),
  })
  .openapi("SandboxEmail", { description: "One mail Herald sent in sandbox mode, with its attachments" });

export const SandboxEmailsQuery = z.object({
  to: z.string().min(1).max(320).optional().openapi({ description: "Only mail to this address (case-insensitive)" }),
});

export const PublishedQuery = z.object({ account_id: z.string().min(1).max(100).optional() });

export const FaultBody = z
  .object({
    platform: z.union([PlatformKeySchema, z.literal(MAIL_FAULT)]).openapi({
      description: "A platform, or `mail`: Herald's mail provider, whose faulted sends fail as `mail_failed`",
    }),
    mode: z.enum(FAULT_MODES),
    count: z.number().int().min(0).max(10_000),
    after: z.number().int().min(0).max(10_000).default(0).openapi({
      description:
        "Let this many calls of the platform through first (a thread's segments and first comment are a call each)",
    }),
  })
  .openapi("SandboxFault");

export const ClockBody = z
  .union([
    z
      .object({
        advance_ms: z
          .number()
          .int()
          .min(0)
          .max(10 * 365 * 86_400_000),
      })
      .strict(),
    z.object({ set: Timestamp }).strict(),
  ])
  .openapi("SandboxClockRequest");

export const ClockSchema = z.object({ now: z.string() }).openapi("SandboxClock");

export const TickBody = z
  .object({ jobs: z.array(z.string().min(1).max(100)).max(50).optional() })
  .openapi("SandboxTickRequest");

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();

export const MetricsBody = z
  .object({
    post_id: z.string().min(1).max(100),
    account_id: z.string().min(1).max(100),
    likes: count,
    comments: count,
    reposts: count,
    views: count,
  })
  .strict()
  .openapi("SandboxMetricsRequest");

export const MetricsSchema = z
  .object({
    post_id: z.string(),
    account_id: z.string(),
    platform_post_id: z.string(),
    likes: z.number(),
    comments: z.number(),
    reposts: z.number(),
    views: z.number(),
  })
  .openapi("SandboxMetrics");

export const SandboxEventBody = z
  .object({
    event: z.enum(WEBHOOK_EVENTS.filter((e) => e !== "test") as [string, ...string[]]),
    data: z.record(z.string(), z.unknown()).default({}),
    account_id: z.string().min(1).max(100).optional().openapi({ description: "The account the event is about" }),
    count: z.number().int().min(1).max(1000).default(1).openapi({ description: "Write this many copies at once" }),
  })
  .strict()
  .openapi("SandboxEventRequest");
export type SandboxEventInput = z.infer<typeof SandboxEventBody>;

export const SandboxInboundBody = z
  .object({
    account_id: z.string().min(1).max(100),
    kind: z.enum(INBOUND_KINDS),
    id: z
      .string()
      .min(1)
      .max(200)
      .openapi({ description: "The platform's comment or message id: the same id twice runs once" }),
    sender_id: z.string().min(1).max(200).openapi({ description: "The person's platform-scoped id" }),
    sender_name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "The person's name, as the inbox shows it" }),
    sender_handle: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "The person's handle on the platform" }),
    text: z.string().max(10_000).default(""),
    media_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "The post a comment is on (its platform id), for triggers limited to posts" }),
  })
  .strict()
  .openapi("SandboxInboundRequest");
export type SandboxInboundInput = z.infer<typeof SandboxInboundBody>;

export const SandboxInboundSchema = z
  .object({
    account_id: z.string(),
    platform: z.string(),
    kind: z.enum(INBOUND_KINDS),
    id: z.string(),
    sender_id: z.string(),
    text: z.string(),
    media_id: z.string().nullable(),
    received_at: z.string(),
  })
  .openapi("SandboxInbound");

export const SandboxContactBody = z
  .object({
    account_id: z.string().min(1).max(100),
    contact_id: z.string().min(1).max(200).openapi({ description: "The person's platform-scoped id (`sender_id`)" }),
    ...CONTACT_CONTROLS,
  })
  .strict()
  .openapi("SandboxContactRequest");

const outstanding = (description: string) => z.number().int().openapi({ description });

export const SandboxBacklogSchema = z
  .object({
    targets_due: outstanding("Targets whose post is due (scheduled or queued, not waiting for approval) and not sent"),
    targets_publishing: outstanding("Targets claimed for a platform call whose outcome is not yet written"),
    deliveries_unfinished: outstanding("Webhook deliveries pending or being sent"),
    events_not_fanned_out: outstanding("Outbox events the webhook fan-out has not read yet"),
    inbound_unhandled: outstanding("Inbound comments and messages not yet handled"),
    executions_running: outstanding("Flow executions midway through a run"),
    plugs_firing: outstanding("Plugs whose action was started and whose outcome is not yet written"),
    settled: z.boolean().openapi({ description: "Every count is zero" }),
    now: z.string().openapi({ description: "The service time counted at" }),
  })
  .openapi("SandboxBacklog");
