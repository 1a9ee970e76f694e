// WhatsApp message templates: read from the platform and kept, and their status updates applied.
import { and, asc, eq, ne } from "drizzle-orm";
import { runBatch } from "../db/batch";
import { accounts, whatsappTemplates } from "../db/schema";
import { iso } from "../lib/clock";
import { AppError, notFound, validationError } from "../lib/errors";
import { newId } from "../lib/ids";
import type { TemplateEvent } from "../platforms/whatsapp/whatsapp";
import type { AccountRow } from "./accounts/accounts";
import { askPlatform, usableAccount } from "./accounts/destinations";
import { eventInsert, eventsWritten } from "./events";
import type { Runtime } from "./runtime";

type TemplateRow = typeof whatsappTemplates.$inferSelect;

export const presentTemplate = (row: TemplateRow) => ({
  name: row.name,
  language: row.language,
  status: row.status,
  reason: row.reason,
  body_parameters: row.bodyParameters,
  updated_at: iso(row.updatedAt),
});

function requireWhatsApp(account: AccountRow) {
  if (account.platform !== "whatsapp") {
    throw validationError("id", `${account.platform} accounts have no message templates; only WhatsApp accounts do`);
  }
}

/** The stored templates of an account, by name and language. */
export const storedTemplates = (rt: Runtime, accountId: string) =>
  rt.db
    .select()
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.accountId, accountId))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));

/**
 * A WhatsApp account's message templates, read from the platform now and kept in `whatsapp_templates` (what flow
 * problems check): templates the platform no longer lists are forgotten. A read sends no event; status webhooks do.
 */
export async function listWhatsAppTemplates(rt: Runtime, userId: string, accountId: string) {
  const account = await usableAccount(rt, userId, accountId);
  requireWhatsApp(account);
  const listed = await askPlatform(rt, account, (platform, acct) => {
    if (!platform.listMessageTemplates) {
      throw new AppError("platform_not_configured", "Herald cannot read WhatsApp templates on this deployment yet");
    }
    return platform.listMessageTemplates(acct);
  });
  const now = rt.clock.now();
  // Every template listed is written with this `updated_at`; any other row of the account is one the platform dropped.
  await runBatch(rt.db, [
    ...listed.map((t) =>
      rt.db
        .insert(whatsappTemplates)
        .values({ id: newId("wtpl"), accountId, userId, ...t, updatedAt: now })
        .onConflictDoUpdate({
          target: [whatsappTemplates.accountId, whatsappTemplates.name, whatsappTemplates.language],
          set: { status: t.status, reason: t.reason, bodyParameters: t.bodyParameters, updatedAt: now },
        }),
    ),
    rt.db
      .delete(whatsappTemplates)
      .where(and(eq(whatsappTemplates.accountId, accountId), ne(whatsappTemplates.updatedAt, now))),
  ]);
  return (await storedTemplates(rt, accountId)).map(presentTemplate);
}

export interface TemplateStatusInput {
  accountId: string;
  name: string;
  language: string;
  event: TemplateEvent;
  reason?: string | null;
}

/**
 * A template's status changed on the platform (Meta's `message_template_status_update` webhook, or the sandbox):
 * the stored template takes the new status and `whatsapp.template_status` goes to the owner's webhooks, written in
 * the same batch. The same change delivered again (Meta retries webhooks) changes nothing and sends nothing; two
 * copies at once share one outbox key, so one event is sent.
 */
export async function applyTemplateStatus(rt: Runtime, input: TemplateStatusInput) {
  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw notFound("Account");
  requireWhatsApp(account);
  const reason = input.reason ?? null;
  const key = and(
    eq(whatsappTemplates.accountId, account.id),
    eq(whatsappTemplates.name, input.name),
    eq(whatsappTemplates.language, input.language),
  );
  const [before] = await rt.db.select().from(whatsappTemplates).where(key);
  if (before && before.status === input.event && before.reason === reason) return presentTemplate(before);
  const now = rt.clock.now();
  const [[row]] = await rt.db.batch([
    rt.db
      .insert(whatsappTemplates)
      .values({
        id: newId("wtpl"),
        accountId: account.id,
        userId: account.userId,
        name: input.name,
        language: input.language,
        status: input.event,
        reason,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [whatsappTemplates.accountId, whatsappTemplates.name, whatsappTemplates.language],
        set: { status: input.event, reason, updatedAt: now },
      })
      .returning(),
    eventInsert(
      rt,
      account.userId,
      "whatsapp.template_status",
      {
        accountId: account.id,
        templateName: input.name,
        templateLanguage: input.language,
        event: input.event,
        reason,
      },
      {
        accountId: account.id,
        dedupeKey: `whatsapp.template_status:${account.id}:${input.name}:${input.language}:${before?.updatedAt ?? "new"}:${input.event}`,
      },
    ),
  ]);
  await eventsWritten(rt);
  return presentTemplate(row!);
}
