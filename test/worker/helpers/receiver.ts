import { vi } from "vitest";

/** One request an endpoint got, as the subscriber saw it: the raw body before any parsing. */
export interface Received {
  url: string;
  headers: Record<string, string>;
  raw: string;
  body: any;
  redirect: string | undefined;
}

/** How a stubbed endpoint answers: a status, no connection, or never (until the sender gives up). */
export type Answer = number | "refuse" | "hang";

/**
 * Stands in for the network: requests to a host with an endpoint go to it (and are recorded), anything
 * else fails to connect as an unknown host would. `answer` may change between requests.
 */
export function stubNetwork() {
  const endpoints = new Map<string, (received: Received) => Answer>();
  const received = new Map<string, Received[]>();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = endpoints.get(url.host);
    if (!answer) throw new TypeError(`connect ECONNREFUSED ${url.host}`);
    const raw = await request.text();
    const got: Received = {
      url: request.url,
      headers: Object.fromEntries(request.headers),
      raw,
      body: JSON.parse(raw),
      redirect: init?.redirect,
    };
    received.set(url.host, [...(received.get(url.host) ?? []), got]);
    const outcome = answer(got);
    if (outcome === "refuse") throw new TypeError("Network connection lost.");
    if (outcome === "hang") {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        if (!signal) return;
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    }
    const headers = outcome >= 300 && outcome < 400 ? { location: "https://elsewhere.example.com/" } : undefined;
    return new Response(outcome >= 200 && outcome < 300 ? "ok" : "no", { status: outcome, headers });
  });
  return {
    /** Serves `host` (such as `hooks.example.com`), answering each request with `answer(request)`. */
    serve(host: string, answer: Answer | ((received: Received) => Answer)) {
      endpoints.set(host, typeof answer === "function" ? answer : () => answer);
    },
    received: (host: string) => received.get(host) ?? [],
    reset() {
      endpoints.clear();
      received.clear();
    },
    restore: () => spy.mockRestore(),
  };
}

const encoder = new TextEncoder();
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

/**
 * Verifies a request exactly as a subscriber would: read `t` and `v1` from X-Service-Signature, refuse
 * a `t` more than five minutes from now, HMAC-SHA256 `<t>.<raw body>` with the signing secret, and
 * compare in constant time.
 */
export async function verifySignature(
  secret: string,
  header: string | undefined,
  raw: string,
  nowSeconds: number,
): Promise<boolean> {
  if (!header) return false;
  const parts = new Map(header.split(",").map((kv) => kv.split("=") as [string, string]));
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${raw}`)));
  return crypto.subtle.timingSafeEqual(expected, fromHex(v1));
}
