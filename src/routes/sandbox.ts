// The sandbox's REST routes: users, accounts, what was published and mailed, metrics, faults, clock, inbound events.
import { z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { JOBS, runJobs } from "../cron";
import { iso } from "../lib/clock";
import { notFound, validationError } from "../lib/errors";
import { AccountSchema } from "../schemas/accounts";
import { IdParam, jsonBody, ok } from "../schemas/common";
import { ContactSchema } from "../schemas/contacts";
import {
  ClockBody,
  ClockSchema,
  FaultBody,
  MetricsBody,
  MetricsSchema,
  PublishedQuery,
  SandboxAccountBody,
  SandboxAccountPatch,
  SandboxBacklogSchema,
  SandboxCallSchema,
  SandboxContactBody,
  SandboxEmailSchema,
  SandboxEmailsQuery,
  SandboxEventBody,
  SandboxInboundBody,
  SandboxInboundSchema,
  SandboxUserBody,
  SandboxUserSchema,
  TickBody,
} from "../schemas/sandbox";
import { SandboxTemplateStatusBody, WhatsAppTemplateSchema } from "../schemas/whatsapp-templates";
import { presentAccount } from "../services/accounts/accounts";
import { ConfigSchema } from "../services/config";
import { setContactControls } from "../services/flows/contacts";
import { updateConfig } from "../services/runtime";
import {
  connectSandboxAccount,
  createSandboxUser,
  emitSandboxEvents,
  listSandboxCalls,
  listSandboxEmails,
  moveSandboxClock,
  sandboxInbound,
  sendSandboxTemplateStatus,
  setSandboxFault,
  setSandboxFollowers,
  setSandboxMetrics,
  setSandboxProfile,
  updateSandboxAccount,
} from "../services/sandbox";
import { sandboxBacklog } from "../services/sandbox-backlog";
import { authedRoute, publicRoute } from "./define";
import type { AppEnv } from "./env";
import { createRouter } from "./router";

const tags = ["Sandbox"];
const note = "Sandbox mode only (`SANDBOX=true`); otherwise 404.";

const createUser = publicRoute({
  operationId: "createSandboxUser",
  method: "post",
  path: "/api/v1/sandbox/users",
  tags,
  summary: "Create a user on any plan and get an API key",
  description: `${note} Needs no key. Asking again for the email of a user the sandbox made gives it a new password and key; the email of anyone else (who signed up) is refused. \`admin: true\` makes an admin user, who gets features rolled out to admins first.`,
  request: { body: jsonBody(SandboxUserBody) },
  responses: { 201: ok(SandboxUserSchema, "The user and its key") },
  errors: ["validation_error", "not_found", "email_taken"],
});

const connect = authedRoute("accounts:write", {
  operationId: "connectSandboxAccount",
  method: "post",
  path: "/api/v1/sandbox/accounts",
  tags,
  summary: "Connect a sandbox account of any platform with chosen facts",
  description: `${note} Counts toward the plan's account limit like any account (403 \`feature_disabled\` beyond it).`,
  request: { body: jsonBody(SandboxAccountBody) },
  responses: { 201: ok(AccountSchema, "The connected account") },
  errors: ["account_taken"],
});

const patchAccount = authedRoute("accounts:write", {
  operationId: "updateSandboxAccount",
  method: "patch",
  path: "/api/v1/sandbox/accounts/{id}",
  tags,
  summary: "Change a sandbox account's facts",
  description: note,
  request: { params: IdParam, body: jsonBody(SandboxAccountPatch) },
  responses: { 200: ok(AccountSchema, "The account") },
});

const published = authedRoute("posts:read", {
  operationId: "listSandboxCalls",
  method: "get",
  path: "/api/v1/sandbox/published",
  tags,
  summary: "What the sandbox platform received",
  description: `${note} Each publish, comment and repost on the user's accounts, and each private reply and message a flow sent, with exactly what was sent.`,
  request: { query: PublishedQuery },
  responses: { 200: ok(z.array(SandboxCallSchema), "Calls, oldest first") },
});

const emails = publicRoute({
  operationId: "listSandboxEmails",
  method: "get",
  path: "/api/v1/sandbox/emails",
  tags,
  summary: "The mail Herald sent",
  description: `${note} Needs no key. Every mail (an invitation, a report) Herald would have sent through its mail provider, oldest first; \`to\` keeps one address's.`,
  request: { query: SandboxEmailsQuery },
  responses: { 200: ok(z.array(SandboxEmailSchema), "Mail, oldest first") },
  errors: ["validation_error", "not_found"],
});

const metrics = authedRoute("posts:write", {
  operationId: "setSandboxMetrics",
  method: "post",
  path: "/api/v1/sandbox/metrics",
  tags,
  summary: "Set the metrics a platform reports for a published post",
  description: `${note} Counts not given keep their value (0 at first).`,
  request: { body: jsonBody(MetricsBody) },
  responses: { 200: ok(MetricsSchema, "The metrics the platform now reports") },
});

const faults = authedRoute("posts:write", {
  operationId: "setSandboxFault",
  method: "post",
  path: "/api/v1/sandbox/faults",
  tags,
  summary: "Make a platform's next calls fail, or the mail provider's next sends",
  description: `${note} \`error\`: a 503 before anything was accepted (retryable). \`timeout\`: no answer after the request was sent (may have posted). \`reject\`: the platform refuses the content. \`revoked\`: the account's tokens are refused. \`rate_limited\`: a 429 saying its rate limit resets in 20 s (publishing tries again no sooner). With \`after\`, that many calls go through first: fail a thread's third segment with \`after: 2\`. \`platform: mail\` makes Herald's mail provider refuse (\`reject\`) or fail (any other mode) the next sends, as \`mail_failed\`.`,
  request: { body: jsonBody(FaultBody) },
  responses: { 200: ok(FaultBody, "The fault now armed") },
});

const emit = authedRoute("webhooks:write", {
  operationId: "emitSandboxEvents",
  method: "post",
  path: "/api/v1/sandbox/events",
  tags,
  summary: "Write events to the outbox, as a feature would",
  description: `${note} The events go to the user's webhooks like any other (and show in GET /api/v1/events).`,
  request: { body: jsonBody(SandboxEventBody) },
  responses: { 201: ok(z.object({ event_ids: z.array(z.string()) }), "The events written, in order") },
});

const templateStatus = authedRoute("accounts:write", {
  operationId: "sendSandboxTemplateStatus",
  method: "post",
  path: "/api/v1/sandbox/template-status",
  tags,
  summary: "Change a WhatsApp template's status, as Meta's review would",
  description: `${note} The sandbox platform's template takes the status (the template read answers it next), and the change arrives as Meta's \`message_template_status_update\` webhook would: the stored template changes and \`whatsapp.template_status\` is sent to the user's webhooks. An unknown template is created.`,
  request: { body: jsonBody(SandboxTemplateStatusBody) },
  responses: { 200: ok(WhatsAppTemplateSchema, "The template as Herald now holds it") },
});

const clock = authedRoute("posts:write", {
  operationId: "moveSandboxClock",
  method: "post",
  path: "/api/v1/sandbox/clock",
  tags,
  summary: "Move the service clock",
  description: `${note} Every service reads time from this clock; posts that become due go out at once.`,
  request: { body: jsonBody(ClockBody) },
  responses: { 200: ok(ClockSchema, "The new now") },
});

const tick = authedRoute("posts:write", {
  operationId: "runSandboxJobs",
  method: "post",
  path: "/api/v1/sandbox/tick",
  tags,
  summary: "Run cron jobs now",
  description: `${note} Runs every job, or the named ones, and answers when they have run.`,
  request: { body: jsonBody(TickBody) },
  responses: {
    200: ok(z.object({ ran: z.array(z.string()), results: z.record(z.string(), z.unknown()) }), "What ran"),
  },
});

const backlog = authedRoute("posts:read", {
  operationId: "getSandboxBacklog",
  method: "get",
  path: "/api/v1/sandbox/backlog",
  tags,
  summary: "Read the work not yet finished",
  description: `${note} Across every user: targets due and not sent, webhook deliveries unfinished, outbox events not fanned out, inbound events not handled, flow runs midway and plugs firing. All zero (\`settled\`) means nothing more happens until something new is due; a load test waits for it.`,
  responses: { 200: ok(SandboxBacklogSchema, "What is outstanding now") },
});

const getConfig = authedRoute("posts:read", {
  operationId: "getSandboxConfig",
  method: "get",
  path: "/api/v1/sandbox/config",
  tags,
  summary: "Read the deployment's tunable numbers",
  description: note,
  responses: { 200: ok(ConfigSchema, "The config in force") },
});

const patchConfig = authedRoute("posts:write", {
  operationId: "updateSandboxConfig",
  method: "patch",
  path: "/api/v1/sandbox/config",
  tags,
  summary: "Change the deployment's tunable numbers at run time",
  description: note,
  request: { body: jsonBody(ConfigSchema.partial().strict()) },
  responses: { 200: ok(ConfigSchema, "The config in force") },
});

const inbound = authedRoute("flows:write", {
  operationId: "sendSandboxInbound",
  method: "post",
  path: "/api/v1/sandbox/inbound",
  tags,
  summary: "Send a comment or message to an account, as the platform would",
  description: `${note} Queued as the platform's webhook event is: live flows whose trigger it answers run for the sender, and every reply they send shows in GET /api/v1/sandbox/published (\`private_reply\`, \`message\`). The same \`id\` twice runs once.`,
  request: { body: jsonBody(SandboxInboundBody) },
  responses: { 202: ok(SandboxInboundSchema, "The event, queued") },
});

const contact = authedRoute("flows:write", {
  operationId: "setSandboxContact",
  method: "post",
  path: "/api/v1/sandbox/contacts",
  tags,
  summary: "Opt a contact out of automations, or hand them to a person for a while",
  description: `${note} Opted-out contacts and contacts under human takeover get no automated message; their events start nothing. A contact also opts out by sending "stop" (and back in with "start").`,
  request: { body: jsonBody(SandboxContactBody) },
  responses: { 200: ok(ContactSchema, "The contact's state") },
});

const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.rt.sandbox) throw notFound("Route");
  await next();
});

export const sandboxRoutes = createRouter();
sandboxRoutes.use("/api/v1/sandbox/*", sandboxOnly);
sandboxRoutes
  .openapi(createUser, async (c) => {
    return c.json({ success: true as const, data: await createSandboxUser(c.var.rt, c.req.valid("json")) }, 201);
  })
  .openapi(connect, async (c) => {
    const { platform, platform_subscription_tier: platformTier, platform_followers, ...facts } = c.req.valid("json");
    const row = await connectSandboxAccount(c.var.rt, c.var.principal.userId, platform, facts);
    if (platformTier !== undefined) await setSandboxProfile(c.var.rt, row.id, platformTier);
    if (platform_followers !== undefined) await setSandboxFollowers(c.var.rt, row.id, platform_followers);
    return c.json({ success: true as const, data: presentAccount(row) }, 201);
  })
  .openapi(patchAccount, async (c) => {
    const { platform_followers, platform_subscription_tier: _, ...facts } = c.req.valid("json");
    const id = c.req.valid("param").id;
    const row = await updateSandboxAccount(c.var.rt, c.var.principal.userId, id, facts);
    if (platform_followers !== undefined) await setSandboxFollowers(c.var.rt, row.id, platform_followers);
    return c.json({ success: true as const, data: presentAccount(row) }, 200);
  })
  .openapi(published, async (c) => {
    const data = await listSandboxCalls(c.var.rt, c.var.principal.userId, c.req.valid("query").account_id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(emails, async (c) => {
    return c.json({ success: true as const, data: await listSandboxEmails(c.var.rt, c.req.valid("query").to) }, 200);
  })
  .openapi(metrics, async (c) => {
    const { post_id: postId, account_id: accountId, ...counts } = c.req.valid("json");
    const data = await setSandboxMetrics(c.var.rt, c.var.principal.userId, { postId, accountId }, counts);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(faults, async (c) => {
    const { platform, mode, count, after } = c.req.valid("json");
    const data = await setSandboxFault(c.var.rt, platform, mode, count, after);
    return c.json({ success: true as const, data: { platform, mode, count: data.remaining, after } }, 200);
  })
  .openapi(emit, async (c) => {
    const eventIds = await emitSandboxEvents(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data: { event_ids: eventIds } }, 201);
  })
  .openapi(templateStatus, async (c) => {
    const data = await sendSandboxTemplateStatus(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(clock, async (c) => {
    const body = c.req.valid("json");
    const target = "set" in body ? Date.parse(body.set) : c.var.rt.clock.now() + body.advance_ms;
    const now = await moveSandboxClock(c.var.rt, target);
    return c.json({ success: true as const, data: { now: iso(now) } }, 200);
  })
  .openapi(tick, async (c) => {
    const names = c.req.valid("json").jobs ?? Object.keys(JOBS);
    const unknown = names.filter((n) => !(n in JOBS));
    if (unknown.length > 0) {
      throw validationError("jobs", `unknown job ${unknown.join(", ")}; known: ${Object.keys(JOBS).join(", ")}`);
    }
    const results = await runJobs(c.var.rt, names);
    return c.json({ success: true as const, data: { ran: names, results } }, 200);
  })
  .openapi(inbound, async (c) => {
    const data = await sandboxInbound(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 202);
  })
  .openapi(contact, async (c) => {
    const { account_id: accountId, contact_id: contactId, ...controls } = c.req.valid("json");
    const data = await setContactControls(c.var.rt, c.var.principal.userId, accountId, contactId, controls);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(backlog, async (c) => c.json({ success: true as const, data: await sandboxBacklog(c.var.rt) }, 200))
  .openapi(getConfig, async (c) => c.json({ success: true as const, data: c.var.rt.config }, 200))
  .openapi(patchConfig, async (c) => {
    const data = await updateConfig(c.var.rt, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  });
