import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApiKey } from "../../../src/services/auth/api-keys";
import { hashApiKey } from "../../../src/services/key-gate";
import { createRuntime } from "../../../src/services/runtime";
import { api, newUser } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";

const membersOf = (workspaceId: string) =>
  env.DB.prepare("SELECT person_id, email, role, status FROM members WHERE workspace_id = ?")
    .bind(workspaceId)
    .all<Record<string, string>>()
    .then((r) => r.results);

/** The data statements of the teams migration (its backfill), as a deployment with data runs them. */
const backfill = () =>
  env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_teams.sql"))!
    .queries.map((q) =>
      q
        .split("\n")
        .filter((line) => !line.startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((q) => /^(INSERT|UPDATE)/.test(q));

describe("workspaces", () => {
  it("moves a login made before workspaces into a workspace of its own, as owner, its key and session still working", async () => {
    // A login, key and session as they were before the migration: no workspace, no member, no person on the key.
    const key = `sk_${"z9Y8x7W6v5".repeat(4)}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, email, name, password_hash, plan, admin, created_at) VALUES ('user_old', 'old@herald.test', NULL, 'x', 'studio', 0, 1)",
      ),
      env.DB.prepare(
        "INSERT INTO api_keys (id, user_id, name, prefix, hash, created_at) VALUES ('key_old', 'user_old', 'old', 'sk_z9Y8x7W', ?, 1)",
      ).bind(await hashApiKey(key)),
    ]);
    expect((await api("GET", "/api/v1/connected-accounts", { key })).status).toBe(401);

    for (const query of backfill()) await env.DB.prepare(query).run();

    expect(await membersOf("user_old")).toEqual([
      { person_id: "user_old", email: "old@herald.test", role: "owner", status: "active" },
    ]);
    const workspace = await env.DB.prepare("SELECT name FROM workspaces WHERE id = 'user_old'").first();
    expect(workspace).toEqual({ name: "old" });
    expect((await api("GET", "/api/v1/connected-accounts", { key })).status).toBe(200);
    expect(await env.DB.prepare("SELECT person_id FROM api_keys WHERE id = 'key_old'").first()).toEqual({
      person_id: "user_old",
    });
    // Run again (a partial run retried), it adds nothing.
    for (const query of backfill()) await env.DB.prepare(query).run();
    expect(await membersOf("user_old")).toHaveLength(1);
  });

  it("gives every sign-up a workspace of its own, with them as its one owner", async () => {
    const { userId } = await newUser("studio");
    expect(await membersOf(userId)).toEqual([
      { person_id: userId, email: expect.stringContaining("@"), role: "owner", status: "active" },
    ]);

    const browser = new Browser();
    const form = await browser.page("/signup");
    const email = `founder-${crypto.randomUUID()}@herald.test`;
    const res = await browser.post("/signup", {
      csrf: hiddenField(form.text, "csrf"),
      email,
      password: "a long enough password",
      name: "Founder",
    });
    expect(res.status).toBe(303);
    const person = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
    expect(await membersOf(person!.id)).toEqual([{ person_id: person!.id, email, role: "owner", status: "active" }]);
    expect(await env.DB.prepare("SELECT name FROM workspaces WHERE id = ?").bind(person!.id).first()).toEqual({
      name: "Founder",
    });
  });

  it("writes no workspace when the email is taken", async () => {
    const email = `taken-${crypto.randomUUID()}@herald.test`;
    await api("POST", "/api/v1/sandbox/users", { body: { plan: "free", email } });
    const before = await env.DB.prepare("SELECT count(*) AS n FROM workspaces").first<{ n: number }>();
    const browser = new Browser();
    const form = await browser.page("/signup");
    const res = await browser.post("/signup", {
      csrf: hiddenField(form.text, "csrf"),
      email,
      password: "a long enough password",
    });
    expect(res.status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspaces").first()).toEqual(before);
  });
});

/** A key of a new person made a member of `workspaceId` with `role` directly in D1 (the members API comes later). */
async function memberKey(workspaceId: string, role: string) {
  const person = await newUser("free");
  await env.DB.prepare(
    "INSERT INTO members (id, workspace_id, person_id, email, role, status, created_at, joined_at) VALUES (?, ?, ?, ?, ?, 'active', 1, 1)",
  )
    .bind(`mem_${crypto.randomUUID().slice(0, 8)}`, workspaceId, person.userId, `${person.userId}@herald.test`, role)
    .run();
  return (await createApiKey(await createRuntime(env), workspaceId, "member key", person.userId)).key;
}

describe("roles", () => {
  it("lets a key act in its workspace only as far as its member's role allows, naming the role when it refuses", async () => {
    const owner = await newUser("studio");
    const editor = await memberKey(owner.userId, "editor");
    const viewer = await memberKey(owner.userId, "viewer");
    const webhook = { target_url: "https://hooks.example.com/h", events: ["post.published"] };

    const posts = await api("GET", "/api/v1/posts", { key: editor });
    expect(posts.status).toBe(200);
    const refused = await api("POST", "/api/v1/webhooks", { key: editor, body: webhook });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_role", role: "editor", scope: "webhooks:write" });
    const draft = await api("POST", "/api/v1/posts", { key: viewer, body: { text: "hi", platforms: [] } });
    expect(draft.body.error).toMatchObject({ code: "insufficient_role", role: "viewer" });
    expect((await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data).toEqual([]);
    expect((await api("POST", "/api/v1/webhooks", { key: owner.key, body: webhook })).status).toBe(201);
  });
});
