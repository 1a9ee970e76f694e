import type { AdapterDeps } from "../../../src/platforms/types";

/** One request an adapter sent, as the platform received it. */
export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON bodies parsed; urlencoded bodies as an object; multipart as fields (files as `{ file, type, size }`). */
  body: unknown;
}

/** One recorded exchange: the request the adapter must send next (`"METHOD url"`), and the platform's answer. */
export interface Exchange {
  expect: string;
  /**
   * `network-error`: the connection drops. `timeout`: no answer until the caller's time-out fires (the
   * request must carry an abort signal, else the test fails: every call has Herald's time-out).
   */
  answer: Answer | "network-error" | "timeout";
}

/**
 * An answer is made when the request arrives: a Response made in one request's context cannot be read
 * in another's (the Worker handling the request, in the end-to-end tests).
 */
export type Answer = () => Response;

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export const bytes =
  (size: number, type: string): Answer =>
  () =>
    new Response(new Uint8Array(size).fill(7), { status: 200, headers: { "content-type": type } });

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body) return undefined;
  if (type.startsWith("application/json")) return request.json();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
  }
  if (type.startsWith("multipart/form-data")) {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of await request.formData()) {
      fields[name] =
        typeof value === "string" ? value : { file: (value as File).name, type: value.type, size: value.size };
    }
    return fields;
  }
  return { bytes: (await request.arrayBuffer()).byteLength, type };
}

/**
 * A platform that answers from a script: every request must be the next one expected (method and URL),
 * else the test fails. `sent` keeps exactly what was sent, in order.
 */
export function scriptedPlatform(script: Exchange[], env: Record<string, string> = {}, now = Date.UTC(2030, 5, 1)) {
  const sent: Sent[] = [];
  const remaining = [...script];
  const fetch: AdapterDeps["fetch"] = async (input, init) => {
    const request = new Request(input as string, init);
    const line = `${request.method} ${request.url}`;
    const next = remaining.shift();
    if (!next) throw new Error(`unexpected request: ${line}`);
    if (next.expect !== line) throw new Error(`expected ${next.expect}\n     got ${line}`);
    const headers = Object.fromEntries(request.headers);
    sent.push({ method: request.method, url: request.url, headers, body: await bodyOf(request) });
    if (next.answer === "network-error") throw new TypeError("Network connection lost.");
    if (next.answer === "timeout") {
      if (!(init?.signal instanceof AbortSignal)) throw new Error(`sent without a time-out: ${line}`);
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }
    return next.answer();
  };
  const deps: AdapterDeps = { fetch, now: () => now, env, sleep: async () => {} };
  return { deps, sent, remaining, now };
}
