import { exports } from "cloudflare:workers";

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the Worker as a client would, over HTTP, and parses the JSON answer. */
export async function api<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers["x-api-key"] = options.key;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const res = await exports.default.fetch(new Request(`http://herald.test${path}`, { method, headers, body }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export type Plan = "free" | "creator" | "studio" | "pro" | "agency";

/** A sandbox user on `plan` with its API key. */
export async function newUser(plan: Plan = "creator") {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan } });
  if (res.status !== 201) throw new Error(`sandbox user: ${JSON.stringify(res.body)}`);
  return { userId: res.body.data.user_id as string, key: res.body.data.api_key as string };
}

/** A sandbox account of `platform` for the user holding `key`. */
export async function connect(key: string, platform: string, facts: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/v1/sandbox/accounts", { key, body: { platform, ...facts } });
  if (res.status !== 201) throw new Error(`sandbox account: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; platform: string; text_limit: number };
}
