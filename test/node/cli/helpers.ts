import { execFile } from "node:child_process";
import { join } from "node:path";
import * as oauth from "oauth4webapi";
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

/** A sandbox user with its key and sign-in. */
export async function newSignIn(plan = "creator") {
  const data = await api("POST", "/api/v1/sandbox/users", undefined, { plan });
  return { key: data.api_key as string, email: data.email as string, password: data.password as string };
}

/**
 * An OAuth access token of the user granted `scope`, as an app gets one: registered, the person signed in and
 * consenting on Herald's page, the code exchanged with PKCE (oauth4webapi, as the worker tests). Every step goes to
 * the issuer's own address (the service's public base URL), which the authorization server checks.
 */
export async function accessTokenFor(user: { email: string; password: string }, scope: string): Promise<string> {
  const options = { [oauth.allowInsecureRequests]: true };
  const as = (await (
    await fetch(`${baseUrl}/.well-known/oauth-authorization-server`)
  ).json()) as oauth.AuthorizationServer;
  const redirect = "http://127.0.0.1:9999/callback";
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirect], token_endpoint_auth_method: "none", client_name: "CLI test" },
      options,
    ),
  );
  const cookies = new Map<string, string>();
  const browse = async (path: string, fields?: Record<string, string>) => {
    const res = await fetch(new URL(path, as.issuer), {
      method: fields ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: fields ? new URLSearchParams(fields) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    return res;
  };
  const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!;
  const form = await (await browse("/signin")).text();
  await browse("/signin", { csrf: field(form, "csrf"), next: "/settings", email: user.email, password: user.password });
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirect,
    response_type: "code",
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const consent = await (await browse(authorize.href)).text();
  const approved = await browse("/api/oauth/authorize", {
    handle: field(consent, "handle"),
    csrf: field(consent, "csrf"),
    decision: "approve",
  });
  const params = oauth.validateAuthResponse(as, client, new URL(approved.headers.get("location")!), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirect,
    verifier,
    options,
  );
  return (await oauth.processAuthorizationCodeResponse(as, client, response)).access_token;
}
