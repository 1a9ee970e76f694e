import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers/api";
import { Browser, hiddenField, ORIGIN } from "./helpers/browser";

/**
 * Each `next` a hostile link could carry. Browsers drop tabs and newlines from a Location and read `\` as
 * `/`, so each of these would leave Herald if it were echoed as given.
 */
const HOSTILE_NEXT = [
  "/\t/evil.example",
  "/\t/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(document.domain)",
  "JavaScript:alert(1)",
  " //evil.example",
];

/** Where a browser goes with the answer's Location (the URL parser drops tabs and newlines as browsers do). */
const landing = (res: Response) => new URL(res.headers.get("location") ?? "", ORIGIN);

const expectStaysOnHerald = (res: Response, next: string) => {
  expect([302, 303], JSON.stringify(next)).toContain(res.status);
  expect(landing(res).origin, JSON.stringify(next)).toBe(ORIGIN);
  // Whatever survives is a plain path on Herald, never the hostile host.
  expect(res.headers.get("location"), JSON.stringify(next)).not.toMatch(/evil\.example|javascript/i);
};

let user: { email: string; password: string };
beforeAll(async () => {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
  user = res.body.data;
});

describe("rule 3: sign-in redirects stay on Herald", () => {
  for (const mode of ["signin", "signup"] as const) {
    it(`${mode}: a signed-in browser sent with a hostile next stays on Herald`, async () => {
      const browser = new Browser();
      await browser.signIn(user.email, user.password);
      for (const next of HOSTILE_NEXT) {
        const res = await browser.fetch(`/${mode}?next=${encodeURIComponent(next)}`);
        expectStaysOnHerald(res, next);
        expect(landing(res).pathname).toBe("/settings");
      }
    });

    it(`${mode}: the form never carries a hostile next, and submitting it stays on Herald`, async () => {
      for (const [i, next] of HOSTILE_NEXT.entries()) {
        const browser = new Browser();
        const form = await (await browser.fetch(`/${mode}?next=${encodeURIComponent(next)}`)).text();
        expect(hiddenField(form, "next"), JSON.stringify(next)).toBe("/settings");
        expect(form).not.toContain("evil.example");
        // A forged form posts the hostile value itself.
        const credentials =
          mode === "signin"
            ? { email: user.email, password: user.password }
            : { email: `redirect-${i}@herald.test`, password: "long enough password" };
        const res = await browser.post(`/${mode}`, { csrf: hiddenField(form, "csrf"), next, ...credentials });
        expectStaysOnHerald(res, next);
        expect(browser.cookies.has("herald_session"), JSON.stringify(next)).toBe(true);
      }
    });
  }

  it("keeps a same-origin next whole, query included, so consent resumes where it started", async () => {
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    const consent = "/api/oauth/authorize?response_type=code&client_id=abc&state=x%2Fy";
    for (const next of [consent, "/settings#keys", "/settings"]) {
      const res = await browser.fetch(`/signin?next=${encodeURIComponent(next)}`);
      expect(res.headers.get("location")).toBe(next);
    }
  });
});
