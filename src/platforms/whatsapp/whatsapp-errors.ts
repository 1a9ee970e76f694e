// The WhatsApp Cloud API's error codes in Herald's terms: rate limits, the 24-hour window, templates.
import type { CloudAPIErrorResponse } from "@whatsapp-cloudapi/types/cloudapi";
import { OUTCOME } from "../../lib/error-codes";
import { type CallKind, DEFAULT_RATE_LIMIT_WAIT_MS } from "../http";
import { graphFailure, regainAccessMs } from "../meta/meta-graph";
import { PlatformError } from "../types";

/**
 * The WhatsApp Cloud API's error codes in Herald's terms, before Graph's own (meta-graph.ts): its throughput, spam
 * and pair rate limits, the customer-service window, and templates that cannot be sent. Codes and meanings from
 * developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes (read 2026-11-27).
 */

/** Throughput (130429), spam (131048), a pair of business and customer (131056), the WABA's rate (80007). */
const RATE_LIMITS = new Set([130429, 131048, 131056, 80007]);
/** More than 24 hours since the customer last wrote: only a template may be sent. */
const REENGAGEMENT = 131047;
/** The template does not exist in that language (132001), is paused (132015) or disabled (132016). */
const TEMPLATE_UNAVAILABLE = new Set([132001, 132015, 132016]);
/** "Something went wrong" (131000) and "service unavailable" (131016): Meta asks for a retry. */
const TRANSIENT = new Set([131000, 131016]);

type CloudError = CloudAPIErrorResponse["error"];

export function whatsAppFailure(
  call: CallKind,
  response: Response,
  error: CloudError | undefined,
  now: number,
): PlatformError {
  const code = error?.code ?? 0;
  const said = [error?.error_user_msg || error?.message, error?.error_data?.details].filter(Boolean).join(": ");
  const message = `${call.label}: ${said || `answered ${response.status}`} (${code})`;
  if (RATE_LIMITS.has(code)) {
    const wait = regainAccessMs(response.headers, now) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
    return new PlatformError("rate_limited", message, OUTCOME.PLATFORM_RATE_LIMITED, wait);
  }
  if (code === REENGAGEMENT) return new PlatformError("refused", message, OUTCOME.REENGAGEMENT_REQUIRED);
  if (TEMPLATE_UNAVAILABLE.has(code)) return new PlatformError("refused", message, OUTCOME.TEMPLATE_UNAVAILABLE);
  if (TRANSIENT.has(code)) {
    return call.creates ? new PlatformError("no_answer", message) : new PlatformError("transient", message);
  }
  return graphFailure(call, response, error, now);
}
