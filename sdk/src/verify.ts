// Checking on the receiving side that a webhook request came from Herald, in either signature format.
import type { webhooks } from "./openapi.ts";

/** Any event body Herald sends (the OpenAPI document's `webhooks`), told apart by `event`. */
export type WebhookEvent = webhooks[keyof webhooks]["post"]["requestBody"]["content"]["application/json"];

/** The request does not prove it came from Herald: a missing or malformed header, another secret, a changed body, too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A request's headers as the receiver has them: a `Headers`, or a plain object (Node's `req.headers`). */
export type RequestHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the signed time may be from now, either way, in seconds (default 300). */
  tolerance?: number;
  /** Now, in unix seconds (default: the clock). */
  now?: number;
}

const DEFAULT_TOLERANCE = 300;
const encoder = new TextEncoder();

function headerOf(headers: RequestHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

async function hmac(key: Uint8Array, prefix: string, body: Uint8Array): Promise<Uint8Array> {
  if (typeof crypto === "undefined" || !crypto.subtle) {
    throw new Error("verifying needs Web Crypto: Node 19 or later (Node 18 with --experimental-global-webcrypto)");
  }
  const message = new Uint8Array([...encoder.encode(prefix), ...body]);
  const raw = new Uint8Array(key);
  const imported = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, message));
}

/** Compares without stopping at the first difference. */
function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function signedTime(value: string | undefined, options: VerifyOptions): number {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (!value || !/^\d+$/.test(value)) throw new WebhookSignatureError("the signed time is not a unix time");
  const t = Number(value);
  const now = options.now ?? Date.now() / 1000;
  if (Math.abs(now - t) > tolerance) {
    throw new WebhookSignatureError(`the signed time is more than ${tolerance} seconds from now`);
  }
  return t;
}

/** `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the secret's text. */
async function verifyService(header: string | undefined, body: Uint8Array, secret: string, options: VerifyOptions) {
  if (!header) throw new WebhookSignatureError("no X-Service-Signature header");
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => (v ?? "").toLowerCase());
  if (t === undefined || signatures.length === 0) {
    throw new WebhookSignatureError("the signature header needs t=<unix seconds>,v1=<hex>");
  }
  const time = signedTime(t, options);
  const expected = hex(await hmac(encoder.encode(secret), `${time}.`, body));
  return signatures.some((s) => equalInConstantTime(s, expected));
}

/** Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`. */
async function verifyStandard(headers: RequestHeaders, body: Uint8Array, secret: string, options: VerifyOptions) {
  const id = headerOf(headers, "webhook-id");
  const signature = headerOf(headers, "webhook-signature");
  if (!id || !signature) throw new WebhookSignatureError("webhook-id and webhook-signature are needed");
  const time = signedTime(headerOf(headers, "webhook-timestamp"), options);
  let key: Uint8Array;
  try {
    key = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
  } catch {
    throw new WebhookSignatureError("the secret is not whsec_ and base64");
  }
  const expected = base64(await hmac(key, `${id}.${time}.`, body));
  return signature
    .split(" ")
    .map((versioned) => versioned.split(","))
    .some(([version, value]) => version === "v1" && equalInConstantTime(value ?? "", expected));
}

/**
 * Returns the event a webhook request carries once its signature proves it came from Herald; throws
 * `WebhookSignatureError` otherwise. Pass the body exactly as received (before any parsing), the request's headers
 * (or, for the default format, the `X-Service-Signature` value alone) and the webhook's signing secret. Either
 * signature format is read: `webhook-signature` present means Standard Webhooks, else `X-Service-Signature`.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: RequestHeaders | string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  const given = headers ?? {};
  const verified =
    typeof given === "string"
      ? await verifyService(given, body, secret, options)
      : headerOf(given, "webhook-signature") !== undefined
        ? await verifyStandard(given, body, secret, options)
        : await verifyService(headerOf(given, "x-service-signature"), body, secret, options);
  if (!verified) throw new WebhookSignatureError("the signature does not match the body and secret");
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookSignatureError("the signed body is not JSON");
  }
}
