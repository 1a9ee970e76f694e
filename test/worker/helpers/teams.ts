import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createApiKey } from "../../../src/services/auth/api-keys";
import { createRuntime } from "../../../src/services/runtime";
import { api, type Plan } from "./api";

/** A sandbox person with a known email and password, their key (in their own workspace) and their id. */
export async function person(plan: Plan = "free", email = `p-${crypto.randomUUID()}@herald.test`) {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan, email } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const { user_id: id, api_key: key, password } = res.body.data;
  return { id: id as string, key: key as string, email, password: password as string };
}

/** The last invitation link's token the sandbox's mail to `email` carries. */
export async function mailedToken(email: string) {
  const mails = await api("GET", `/api/v1/sandbox/emails?to=${encodeURIComponent(email)}`);
  const text: string = mails.body.data.at(-1).text;
  return /\/join\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

/**
 * A new person invited into the workspace of `owner` (a key of its owner or an admin, and its id) as `role`, who
 * accepts over HTTP and holds a key acting there (made as Settings makes it, in that workspace).
 */
export async function joined(owner: { key: string; id: string }, role: string) {
  const who = await person();
  const invited = await api("POST", "/api/v1/members", { key: owner.key, body: { email: who.email, role } });
  expect(invited.status).toBe(201);
  const accepted = await api("POST", "/api/v1/invitations/accept", {
    key: who.key,
    body: { token: await mailedToken(who.email) },
  });
  expect(accepted.status).toBe(200);
  const { key } = await createApiKey(await createRuntime(env), owner.id, "member key", who.id);
  return { ...who, memberId: invited.body.data.id as string, workspaceKey: key };
}
