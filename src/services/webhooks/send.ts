// Sending one signed event (Herald's or the Standard Webhooks format) to an endpoint, through the SSRF guard.
import { VERSION } from "../../changelog";
import type { SIGNATURE_FORMATS } from "../../db/schema/webhooks";
import { fromBase64, hmacSha256Base64, hmacSha256Hex } from "../../lib/crypto";
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

export type SignatureFormat = (typeof SIGNATURE_FORMATS)[number];

/** Where one webhook's requests go and how they are signed. */
export interface Endpoint {
  url: string;
  secret: string;
  format: SignatureFormat;
}

/** Standard Webhooks keys its HMAC with the bytes that the secret's part after `whsec_` encodes in base64. */
const standardKey = (secret: string) => fromBase64(secret.replace(/^whsec_/, ""));

/**
 * The headers that sign one request. `service` (SPEC: Signature): `X-Service-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's text. `standard` (Standard Webhooks 1.0): `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "<id>.<unix seconds>.<raw body>">`, with `webhook-id` and `webhook-timestamp`.
 */
async function signatureHeaders(
  endpoint: Endpoint,
  id: string,
  unixSeconds: number,
  raw: string,
): Promise<Record<string, string>> {
  if (endpoint.format === "standard") {
    const signature = await hmacSha256Base64(standardKey(endpoint.secret), `${id}.${unixSeconds}.${raw}`);
    return { "webhook-id": id, "webhook-timestamp": String(unixSeconds), "webhook-signature": `v1,${signature}` };
  }
  const signature = await hmacSha256Hex(endpoint.secret, `${unixSeconds}.${raw}`);
  return {
    "X-Service-Event-Id": id,
    "X-Service-Timestamp": String(unixSeconds),
    "X-Service-Signature": `t=${unixSeconds},v1=${signature}`,
  };
}

const USER_AGENT = `Herald-Webhooks/${VERSION}`;

/**
 * POSTs one event, signed in the endpoint's format. Success is a 2xx within the time limit; a redirect is not
 * followed (it is an answer, and not a 2xx). The target passes the SSRF guard again here, so a URL stored under
 * other rules is never called.
 */
export async function sendEvent(rt: Runtime, endpoint: Endpoint, body: EventBody): Promise<SendResult> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(rt.clock.now() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = assertPublicUrl(endpoint.url, { sandbox: rt.sandbox, field: "target_url" });
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(rt.config.webhook_timeout_ms),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Service-Event": body.event,
        ...(await signatureHeaders(endpoint, body.id, timestamp, raw)),
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
