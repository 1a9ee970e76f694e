import { expect } from "vitest";
import { PlatformError } from "../../../src/platforms/types";

/**
 * A fetch that plays recorded request/response pairs in order and keeps what the adapter sent, so a test
 * can assert the exact method, URL, headers and body, and answer as the platform did.
 */
export interface Exchange {
  method: string;
  url: string;
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** The request goes out and no answer comes back (a dropped connection). */
  drop?: true;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function recordedFetch(exchanges: Exchange[]) {
  const queue = [...exchanges];
  const sent: SentRequest[] = [];
  const mismatches: string[] = [];

  // Read synchronously so the order of `sent` is the order of the calls, even for calls made in parallel.
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? "GET";
    const headers = Object.fromEntries(new Headers(init?.headers));
    sent.push({ method, url, headers, body: bodyText(init?.body) });

    const next = queue.shift();
    if (!next || next.method !== method || next.url !== url) {
      mismatches.push(`expected ${next ? `${next.method} ${next.url}` : "no request"}, got ${method} ${url}`);
      throw new Error(mismatches.at(-1));
    }
    if (next.drop) throw new TypeError("Network connection lost.");
    const type: Record<string, string> = next.json !== undefined ? { "content-type": "application/json" } : {};
    return new Response(next.json !== undefined ? JSON.stringify(next.json) : (next.text ?? null), {
      status: next.status ?? 200,
      headers: { ...type, ...next.headers },
    });
  }) as typeof globalThis.fetch;

  return {
    fetch,
    sent,
    /** Every recorded exchange was asked for, in order, and nothing else. */
    expectAllUsed() {
      expect(mismatches).toEqual([]);
      expect(queue.map((e) => `${e.method} ${e.url}`)).toEqual([]);
    },
  };
}

function bodyText(body: BodyInit | null | undefined): string {
  if (body === undefined || body === null) return "";
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  return `<${Object.prototype.toString.call(body)}>`;
}

/** A clock for adapters that wait: sleeping moves it forward, and the waits are kept. */
export function fakeTime(start = Date.UTC(2026, 10, 21, 12, 0, 0)) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

/** The PlatformError a call failed with (the test fails if it succeeded or failed otherwise). */
export async function platformFailure(call: Promise<unknown>): Promise<PlatformError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected the call to fail");
}
