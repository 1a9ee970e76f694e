import { exports } from "cloudflare:workers";

/** The issuer the OAuth server runs at in tests (PUBLIC_BASE_URL's default). */
export const ORIGIN = "http://localhost:8787";

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
