import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api, type Plan } from "./api";
import { type Browser, hiddenField } from "./browser";

/** A sandbox user with a display name (or none) and its key. */
export async function owner(plan: Plan = "studio", name?: string) {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan, ...(name ? { name } : {}) } });
  if (res.status !== 201) throw new Error(`sandbox user: ${JSON.stringify(res.body)}`);
  return { userId: res.body.data.user_id as string, key: res.body.data.api_key as string, email: res.body.data.email };
}

export async function group(key: string, name: string, accountIds?: string[]) {
  const res = await api("POST", "/api/v1/account-groups", { key, body: { name, account_ids: accountIds } });
  if (res.status !== 201) throw new Error(`group: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; account_ids: string[] };
}

export async function invite(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/api/v1/client-invites", { key, body });
  if (res.status !== 201) throw new Error(`invite: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; url: string; state: string; places_left: number };
}

/** An owner with a group and an invite into it. */
export async function invited(options: { plan?: Plan; platforms?: string[]; max?: number; name?: string } = {}) {
  const who = await owner(options.plan ?? "studio", options.name ?? "Ada Agency");
  const into = await group(who.key, "Acme Bakery");
  const link = await invite(who.key, {
    group_id: into.id,
    platforms: options.platforms ?? ["instagram", "twitter"],
    max_accounts: options.max ?? 5,
  });
  return { ...who, group: into, invite: link };
}

/**
 * A client in `browser` opens the link, presses the platform's button, and arrives at the sandbox consent page;
 * answers that page's form fields (state, challenge, way back) for `decide`.
 */
export async function startConsent(browser: Browser, url: string, platform: string) {
  const opened = await browser.page(url);
  expect(opened.status).toBe(200);
  const pressed = await browser.post(`${new URL(url).pathname}/connect`, {
    csrf: hiddenField(opened.text, "csrf"),
    platform,
  });
  expect(pressed.status, await pressed.clone().text()).toBe(303);
  const consentPage = await browser.page(pressed.headers.get("location")!);
  expect(consentPage.status).toBe(200);
  const field = (name: string) => hiddenField(consentPage.text, name);
  return {
    location: pressed.headers.get("location")!,
    fields: {
      csrf: field("csrf"),
      platform: field("platform"),
      state: field("state"),
      redirect_uri: field("redirect_uri"),
      code_challenge: field("code_challenge"),
    },
  };
}

/** On the sandbox consent page: Allow as `name`, or Deny. Answers where the platform sends the browser back. */
export async function decide(browser: Browser, fields: Record<string, string>, name: string, decision = "allow") {
  const res = await browser.post("/sandbox/consent", { ...fields, name, decision });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/** The whole way for a client: link, button, consent as `name`, and the page Herald answers on return. */
export async function connectAs(browser: Browser, url: string, platform: string, name: string, decision = "allow") {
  const { fields } = await startConsent(browser, url, platform);
  return browser.page(await decide(browser, fields, name, decision));
}

export const inviteRow = (id: string) =>
  env.DB.prepare("SELECT * FROM client_invites WHERE id = ?").bind(id).first<Record<string, any>>();

export const accountsOf = async (key: string) =>
  (await api("GET", "/api/v1/connected-accounts", { key })).body.data as {
    id: string;
    platform: string;
    name: string;
    platform_user_id: string;
    group_id: string | null;
    status: string;
  }[];

export const notificationsOf = async (key: string) =>
  (await api("GET", "/api/v1/notifications", { key })).body.data as { kind: string; message: string; data: any }[];
