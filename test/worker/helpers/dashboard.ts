import { api, type Plan } from "./api";
import { Browser, hiddenField } from "./browser";
import { resetClock } from "./posts";

/**
 * A sandbox user on `plan` with an API key, and a browser signed in as them. The clock is set to the tests'
 * BASE first: a session started at another time could have lapsed once the clock moves there.
 */
export async function signedInUser(plan: Plan = "studio") {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan } });
  if (res.status !== 201) throw new Error(`sandbox user: ${JSON.stringify(res.body)}`);
  const { user_id: userId, api_key: key, email, password } = res.body.data;
  await resetClock(key);
  const browser = new Browser();
  await browser.signIn(email, password);
  return { userId: userId as string, key: key as string, email: email as string, browser };
}

/** Opens a page and answers its status and HTML. */
export async function open(browser: Browser, path: string) {
  const res = await browser.fetch(path);
  return { status: res.status, page: await res.text(), headers: res.headers };
}

/** Submits a dashboard form with the session's CSRF token, read from the page `from`, as a browser would. */
export async function submit(browser: Browser, from: string, action: string, fields: Record<string, string> = {}) {
  const csrf = hiddenField((await open(browser, from)).page, "csrf");
  const res = await browser.post(action, { csrf, ...fields });
  return { status: res.status, page: await res.text(), headers: res.headers };
}

/** The text of an element with `id` (tags removed, entities kept), or undefined. */
export function textOf(page: string, id: string): string | undefined {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</(?:p|div|strong|span|section)>`).exec(page);
  return match?.[1]
    ?.replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
