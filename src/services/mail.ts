// Herald's outgoing mail: one adapter over Resend's HTTP API, and in sandbox mode the sandbox's record of each mail.
import { sandboxEmails } from "../db/schema";
import { toBase64 } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { MAIL_FAULT, takeSandboxFault } from "../platforms/sandbox";
import type { Runtime } from "./runtime";

/** A file sent with a mail (a report's CSV or PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One mail to one person, in plain text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** Resend's send endpoint (https://resend.com/docs/api-reference/emails/send-email). */
export const RESEND_SEND_URL = "https://api.resend.com/emails";
/** How long a send may take before it counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends `mail`. In sandbox mode nothing leaves: the sandbox records it (`GET /api/v1/sandbox/emails`), or fails it
 * as a mail fault armed there says. Otherwise it goes through Resend, with the `RESEND_API_KEY` secret and the
 * `MAIL_FROM` sender: 503 `mail_not_configured` without them, 502 `mail_failed` when Resend refuses it or cannot be
 * reached. Resend's id of the mail is the answer (null in the sandbox).
 */
export async function sendMail(rt: Runtime, mail: Mail): Promise<string | null> {
  if (rt.sandbox) {
    await failIfFaulted(rt);
    await rt.db.insert(sandboxEmails).values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size: a.content.byteLength,
        content_base64: toBase64(a.content),
      })),
      at: rt.clock.now(),
    });
    return null;
  }
  return sendThroughResend(rt.env, mail);
}

/** A mail fault armed in the sandbox (`POST /api/v1/sandbox/faults`, `platform: mail`) fails the send as Resend would. */
async function failIfFaulted(rt: Runtime) {
  const mode = await takeSandboxFault(rt, MAIL_FAULT);
  if (mode === "reject") throw new AppError("mail_failed", "The mail provider refused the mail (422, sandbox fault)");
  if (mode) throw new AppError("mail_failed", `The mail provider could not be reached (${mode}, sandbox fault)`);
}

async function sendThroughResend(env: Env, mail: Mail): Promise<string> {
  const key = env.RESEND_API_KEY;
  const from = env.MAIL_FROM;
  if (!key || !from) {
    throw new AppError("mail_not_configured", "Set the RESEND_API_KEY secret and MAIL_FROM to send mail");
  }
  const body = {
    from,
    to: [mail.to],
    subject: mail.subject,
    text: mail.text,
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: toBase64(a.content),
            content_type: a.contentType,
          })),
        }
      : {}),
  };
  const answer = await fetch(RESEND_SEND_URL, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  }).catch(() => null);
  if (!answer) throw new AppError("mail_failed", "The mail provider could not be reached");
  const json = (await answer.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!answer.ok || !json?.id) {
    throw new AppError(
      "mail_failed",
      `The mail provider refused the mail (${answer.status}${json?.message ? `: ${json.message}` : ""})`,
    );
  }
  return json.id;
}
