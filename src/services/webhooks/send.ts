// Sending one signed event to a webhook endpoint, through the SSRF guard, within the time limit.
import { VERSION } from "../../changelog";
import { hmacSha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { assertPublicUrl } from "../../lib/ssrf";
import type { Runtime } from "../runtime";

/** What a subscriber receives: `{ id: "evt_…", event, timestamp, data }`. */
export interface EventBody {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** How one request to an endpoint went. `status` is null when the endpoint did not answer. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the signing secret. */
async function signatureHeader(secret: string, unixSeconds: number, rawBody: string): Promise<string> {
  return `t=${unixSeconds},v1=${await hmacSha256Hex(secret, `${unixSeconds}.${rawBody}`)}`;
}

const USER_AGENT = `Herald-Webhooks/${VERSION}`;

/**
 * POSTs one signed event. Success is a 2xx within the time limit; a redirect is not followed (it is an
 * answer, and not a 2xx). The target passes the SSRF guard again here, so a URL stored under other
 * rules is never called.
 */
export async function sendEvent(rt: Runtime, targetUrl: string, secret: string, body: EventBody): Promise<SendResult> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(rt.clock.now() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = assertPublicUrl(targetUrl, { sandbox: rt.sandbox, field: "target_url" });
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(rt.config.webhook_timeout_ms),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Service-Event": body.event,
        "X-Service-Event-Id": body.id,
        "X-Service-Timestamp": String(timestamp),
        "X-Service-Signature": await signatureHeader(secret, timestamp, raw),
      },
      body: raw,
    });
    const durationMs = elapsed();
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, durationMs, error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), error: describeFailure(rt, error) };
  }
}

function describeFailure(rt: Runtime, error: unknown): string {
  if (error instanceof AppError) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return `no answer within ${rt.config.webhook_timeout_ms / 1000} s`;
  }
  return `no connection: ${error instanceof Error ? error.message : String(error)}`;
}
