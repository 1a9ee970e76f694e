import { execFile } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";

export const baseUrl = inject("baseUrl");
const bin = join(import.meta.dirname, "..", "..", "..", "cli", "herald.ts");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON */
  json: any;
  /** stderr parsed as JSON */
  error: any;
}

/**
 * Runs the real `herald` binary. The environment holds only what is given (plus PATH), so a test states every
 * credential and address the command sees; stdin is a pipe, never a terminal.
 */
export function herald(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH, ...env } as Record<string, string> as NodeJS.ProcessEnv },
      (error, stdout, stderr) => {
        const code = error ? Number(error.code ?? 1) : 0;
        resolve({ code, stdout, stderr, json: parse(stdout), error: parse(stderr) });
      },
    );
    child.stdin?.end();
  });
}

/** `herald` as the user holding `key`, against the test's service. */
export const heraldAs = (key: string, args: string[]) =>
  herald(args, { HERALD_API_KEY: key, HERALD_BASE_URL: baseUrl });

function parse(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the service directly (test setup and checks), unwrapping the envelope. */
export async function api(method: string, path: string, key?: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json.error)}`);
  return json.data;
}

export async function newUser(plan = "creator"): Promise<string> {
  return (await api("POST", "/api/v1/sandbox/users", undefined, { plan })).api_key;
}

export async function connect(key: string, platform: string, facts: Record<string, unknown> = {}) {
  return api("POST", "/api/v1/sandbox/accounts", key, { platform, ...facts }) as Promise<{ id: string }>;
}

/** What the sandbox platforms received for the user, once `ready` says it is complete. */
export async function published(key: string, ready: (calls: any[]) => boolean = () => true): Promise<any[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const calls = await api("GET", "/api/v1/sandbox/published", key);
    if (ready(calls)) return calls;
    if (Date.now() > deadline) throw new Error(`sandbox calls still incomplete: ${JSON.stringify(calls)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
