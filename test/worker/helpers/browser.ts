import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { sha256Hex } from "../../../src/lib/crypto";
import { startSession } from "../../../src/services/auth/sessions";
import { createRuntime } from "../../../src/services/runtime";
import type { Answer } from "./api";

/** The issuer the OAuth server runs at in tests: PUBLIC_BASE_URL (set for the deployed-mode tests), else its default. */
export const ORIGIN = env.PUBLIC_BASE_URL || "http://localhost:8787";

/** A cookie jar and a fetch that talks to the Worker like a browser would, without following redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const url = path.startsWith("http") ? path : `${ORIGIN}${path}`;
    const res = await exports.default.fetch(new Request(url, { ...init, headers, redirect: "manual" }));
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Submits a form the way a browser does (urlencoded). */
  post(path: string, fields: Record<string, string>) {
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Calls a JSON route from this browser (its cookies) and parses the answer. */
  async json<T = any>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
    const res = await this.fetch(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  /** A page from this browser: its status, Location and text. */
  async page(path: string, init: RequestInit = {}) {
    const res = await this.fetch(path, { ...init, headers: { accept: "text/html", ...init.headers } });
    return { status: res.status, location: res.headers.get("location"), text: await res.text() };
  }

  /** Signed in as the person holding `key`, in the key's workspace, as if through the sign-in page. */
  async signInWithKey(key: string) {
    const row = await env.DB.prepare(
      "SELECT user_id, coalesce(person_id, user_id) AS person_id FROM api_keys WHERE hash = ?",
    )
      .bind(await sha256Hex(key))
      .first<{ user_id: string; person_id: string }>();
    if (!row) throw new Error("no user holds that key");
    this.cookies.set("herald_session", await startSession(await createRuntime(env), row.person_id, row.user_id));
    return this;
  }

  async signIn(email: string, password: string) {
    const form = await this.fetch("/signin");
    const csrf = hiddenField(await form.text(), "csrf");
    const res = await this.post("/signin", { csrf, next: "/settings", email, password });
    if (res.status !== 303) throw new Error(`sign in failed: ${res.status}`);
  }
}

export function hiddenField(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!match) throw new Error(`no ${name} field on the page`);
  return match[1]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}
