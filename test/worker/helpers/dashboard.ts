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

/**
 * Sends the compose form (or the edit form at `path`) as a browser sends it (multipart, a name given twice sent
 * twice), with the hidden fields of the page as drawn.
 */
export async function sendCompose(
  browser: Browser,
  fields: Record<string, string | string[] | File>,
  path = "/dashboard/compose",
) {
  const { page } = await open(browser, path);
  const form = new FormData();
  form.append("csrf", hiddenField(page, "csrf"));
  if (path === "/dashboard/compose") form.append("idempotency_key", hiddenField(page, "idempotency_key"));
  form.append("timezone", "UTC");
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  const res = await browser.fetch(path, { method: "POST", body: form });
  return { status: res.status, location: res.headers.get("location"), page: await res.text() };
}

/** A table's rows as lists of cell texts. */
export function rowsOf(page: string, tableId: string): string[][] {
  const table = page.slice(page.indexOf(`<table id="${tableId}">`)).split("</table>")[0]!;
  const body = table.slice(table.indexOf("<tbody>"));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim()),
  );
}
