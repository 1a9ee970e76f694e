// The TypeScript SDK inside workerd, against the Worker itself through its `fetch` option (as a service binding
// would be used): each resource group that has routes, and each error helper on real answers.
import { exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Herald, HeraldError } from "../../sdk/src/index.ts";
import { api, connect, newUser } from "./helpers/api";
import { FUTURE, resetClock, settled } from "./helpers/posts";

const herald = (key: string, options: { retry?: boolean } = {}) =>
  new Herald({ apiKey: key }, { baseUrl: "http://herald.test", fetch: (r) => exports.default.fetch(r), ...options });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a HeraldError");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(HeraldError);
      return error as HeraldError;
    },
  );

let key: string;
let sdk: Herald;
let bluesky: { id: string };
let mastodon: { id: string };

beforeAll(async () => {
  ({ key } = await newUser("creator"));
  sdk = herald(key);
  bluesky = await connect(key, "bluesky");
  mastodon = await connect(key, "mastodon");
});

beforeEach(async () => {
  await resetClock(key);
});

describe("resource groups", () => {
  it("accounts: list (with a platform filter) and get", async () => {
    const all = await sdk.accounts.list();
    expect(all.map((a) => [a.id, a.platform, a.text_limit])).toEqual([
      [bluesky.id, "bluesky", 300],
      [mastodon.id, "mastodon", 500],
    ]);
    expect(await sdk.accounts.list({ platform: "mastodon" })).toEqual([all[1]]);
    expect(await sdk.accounts.get(bluesky.id)).toEqual(all[0]);
  });

  it("accounts: destinations (typed answers) and checkDestination", async () => {
    const { key: own } = await newUser("creator");
    const telegram = await connect(own, "telegram");
    const client = herald(own);
    const checked = await client.accounts.checkDestination(telegram.id, "@heraldnews");
    expect(checked).toEqual({ mode: "manual", destinations: [{ id: "@heraldnews", label: "@heraldnews" }] });
    const listed = await client.accounts.destinations(telegram.id, { fresh: true });
    expect(listed.destinations.map((d) => d.id)).toEqual(["@heraldnews"]);
  });

  it("posts: create, dry run, get, update, list, unschedule, delete", async () => {
    const target = { platform: "bluesky" as const, account_id: bluesky.id };
    const dry = await sdk.posts.dryRun({
      text: "hello",
      platforms: [target],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect(dry).toMatchObject({ dry_run: true, platforms: [{ platform: "bluesky", text: "hello" }] });
    expect(await sdk.posts.list()).toEqual([]);

    const post = await sdk.posts.create({
      text: "hello",
      platforms: [target],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect(post).toMatchObject({ id: expect.stringMatching(/^post_/), status: "scheduled", scheduled_at: FUTURE });
    expect(await sdk.posts.get(post.id)).toEqual(post);

    const edited = await sdk.posts.update(post.id, { text: "hello again" });
    expect(edited).toMatchObject({ id: post.id, text: "hello again", status: "scheduled" });
    expect((await sdk.posts.list({ status: "scheduled" })).map((p) => p.id)).toEqual([post.id]);

    expect(await sdk.posts.unschedule(post.id)).toMatchObject({ id: post.id, status: "draft", scheduled_at: FUTURE });
    expect(await sdk.posts.delete(post.id)).toEqual({ id: post.id, deleted: true });
    expect((await failure(sdk.posts.get(post.id))).isNotFound()).toBe(true);
  });

  it("posts: bulk, idempotent create, and paging with each()", async () => {
    const row = (text: string) => ({ text, platforms: [{ platform: "mastodon" as const, account_id: mastodon.id }] });
    const created = await sdk.posts.bulk([row("one"), row("two"), row("three")]);
    expect(created.map((p) => p.text)).toEqual(["one", "two", "three"]);

    const first = await sdk.posts.create(row("once"), { idempotencyKey: "sdk-once" });
    const again = await sdk.posts.create(row("once"), { idempotencyKey: "sdk-once" });
    expect(again.id).toBe(first.id);

    const page = await sdk.posts.page({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    const everything: string[] = [];
    for await (const post of sdk.posts.each({ limit: 2 })) everything.push(post.id);
    expect(everything).toEqual((await sdk.posts.list({ limit: 100 })).map((p) => p.id));
    expect(everything).toHaveLength(4);
  });

  it("signatures: create, list, update, delete", async () => {
    const signature = await sdk.signatures.create({ name: "sign-off", text: "— Herald" });
    expect(await sdk.signatures.list()).toEqual([signature]);
    expect(await sdk.signatures.update(signature.id, { text: "— H." })).toMatchObject({
      id: signature.id,
      text: "— H.",
    });
    expect(await sdk.signatures.delete(signature.id)).toEqual({ id: signature.id, deleted: true });
    expect(await sdk.signatures.list()).toEqual([]);
  });

  it("posts.requestApproval and reviewLinks: create (URL once), list with decisions, revoke; Creator is refused", async () => {
    const { key: studioKey } = await newUser("studio");
    await resetClock(studioKey);
    const account = await connect(studioKey, "bluesky");
    const client = herald(studioKey);
    const post = await client.posts.create({
      text: "For review",
      platforms: [{ platform: "bluesky", account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect(await client.posts.requestApproval(post.id)).toMatchObject({
      status: "waiting_for_approval",
      approval: "requested",
    });
    const link = await client.reviewLinks.create(post.id, { reviewer_name: "Anna", expires_in_days: 3 });
    expect(link.url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const [listed] = await client.reviewLinks.list(post.id);
    expect(listed).toMatchObject({ id: link.id, reviewer_name: "Anna", state: "active", decisions: [] });
    expect("url" in listed!).toBe(false);
    expect(await client.reviewLinks.revoke(post.id, link.id)).toMatchObject({ id: link.id, state: "revoked" });

    const mine = await sdk.posts.create({ text: "x", platforms: [{ platform: "bluesky", account_id: bluesky.id }] });
    expect(await failure(sdk.reviewLinks.create(mine.id))).toMatchObject({ status: 403, code: "feature_disabled" });
  });

  it("apiKeys: create (the key works at once), list, revoke (it stops working)", async () => {
    const created = await sdk.apiKeys.create("ci");
    expect(created.key).toMatch(/^sk_/);
    expect(await herald(created.key).accounts.list()).toHaveLength(2);
    expect((await sdk.apiKeys.list()).map((k) => k.id)).toContain(created.id);
    expect(await sdk.apiKeys.revoke(created.id)).toMatchObject({ id: created.id, revoked_at: expect.any(String) });
    const refused = await failure(herald(created.key).accounts.list());
    expect(refused).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(refused.isAuthError()).toBe(true);
  });

  it("accountGroups: create, list, get, update, moveAccount, delete", async () => {
    const { key: own } = await newUser("studio");
    const account = await connect(own, "instagram");
    const client = herald(own);
    const group = await client.accountGroups.create({ name: "Acme", account_ids: [account.id] });
    expect(group).toMatchObject({ name: "Acme", account_ids: [account.id] });
    expect(await client.accountGroups.list()).toEqual([group]);
    expect(await client.accountGroups.update(group.id, { name: "Acme Co" })).toMatchObject({ name: "Acme Co" });
    expect((await client.accountGroups.moveAccount(account.id, null)).group_id).toBeNull();
    expect((await client.accountGroups.get(group.id)).account_ids).toEqual([]);
    expect(await client.accountGroups.delete(group.id)).toEqual({ id: group.id, deleted: true });
  });

  it("clientInvites: create (the url once), list by group, revoke", async () => {
    const { key: own } = await newUser("studio");
    const client = herald(own);
    const group = await client.accountGroups.create({ name: "Clients" });
    const created = await client.clientInvites.create({
      group_id: group.id,
      platforms: ["instagram"],
      max_accounts: 2,
    });
    expect(created.url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    const [listed] = await client.clientInvites.list({ groupId: group.id });
    expect(listed).toMatchObject({ id: created.id, state: "active", max_accounts: 2, accounts: [] });
    expect(listed).not.toHaveProperty("url");
    expect((await client.clientInvites.revoke(created.id)).state).toBe("revoked");
    const again = await failure(client.clientInvites.revoke(created.id));
    expect([again.status, again.code]).toEqual([409, "invite_not_active"]);
  });

  it("analytics: overview (window and accounts) and a post's history", async () => {
    const post = await sdk.posts.create({
      text: "measured",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
    });
    await settled(key, post.id);
    const overview = await sdk.analytics.overview({ from: "2030-05-01", accountIds: [bluesky.id] });
    expect(overview.from).toBe("2030-05-01T00:00:00.000Z");
    expect(overview.accounts).toEqual([expect.objectContaining({ account_id: bluesky.id, posts_published: 1 })]);
    expect(overview.platforms).toEqual([expect.objectContaining({ platform: "bluesky", accounts: 1 })]);
    const history = await sdk.analytics.post(post.id);
    expect(history.targets).toEqual([expect.objectContaining({ account_id: bluesky.id, latest: null, history: [] })]);
  });
});

describe("flows", () => {
  it("generate, get with a node, edit, revisions, revert, activate, duplicate, list, the post automation; a state error", async () => {
    const { key: own } = await newUser("creator");
    const client = herald(own);
    const ig = await connect(own, "instagram");
    const built = await client.flows.generate({
      description: 'Everyone who comments "GUIDE" gets the guide; ask for their email',
      account_id: ig.id,
    });
    expect(built.builder).toBe("local");
    expect((await client.flows.credits()).used).toBe(15);
    const flowId = built.flow.id;
    const { node } = await client.flows.get(flowId, { nodeId: "Reply" });
    expect(node?.type).toBe("message");
    await client.flows.updateNode(flowId, "Reply", { text: "Thanks! Your email?" });
    const added = await client.flows.addNode(flowId, {
      type: "action",
      name: "Tag",
      data: { kind: "tag", tag: "lead" },
    });
    await client.flows.addEdge(flowId, { from: "Collect email", to: "Tag", handle: "valid" });
    await client.flows.deleteEdge(flowId, (await client.flows.get(flowId)).edges.at(-1)!.id);
    await client.flows.deleteNode(flowId, "Tag");
    expect(added.nodes).toHaveLength(4);
    const revisions = await client.flows.revisions(flowId);
    expect(revisions[0]?.label).toBe("Before AI edit");
    const reverted = await client.flows.revert(flowId, revisions.at(-1)!.id);
    expect(reverted.content_hash).toBe(built.flow.content_hash);
    expect((await client.flows.activate(flowId)).status).toBe("live");
    const error = await failure(client.flows.updateNode(flowId, "Reply", { text: "no" }));
    expect(error.isStateError()).toBe(true);
    expect(error.status).toBe(409);
    const copy = await client.flows.duplicate(flowId);
    expect((await client.flows.rename(copy.id, "Copy")).name).toBe("Copy");
    expect((await client.flows.list({ status: "live" })).map((f) => f.id)).toEqual([flowId]);
    const seen = [];
    for await (const flow of client.flows.each({ limit: 1 })) seen.push(flow.id);
    expect(seen.sort()).toEqual([flowId, copy.id].sort());
    expect((await client.flows.deactivate(flowId)).status).toBe("off");

    const post = await client.posts.create({
      text: "Comment SALE",
      platforms: [{ platform: "instagram", account_id: ig.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await client.flows.updateNode(copy.id, "Trigger", { keywords: ["SALE"] });
    expect(await client.flows.automation.attach(post.id, { flow_id: copy.id })).toMatchObject({ state: "off" });
    expect(await client.flows.automation.arm(post.id, true)).toMatchObject({ state: "armed", armed: true });
    expect((await client.flows.automation.get(post.id)).flowId).toBe(copy.id);
    expect(await client.flows.automation.detach(post.id)).toMatchObject({ detached: true });
    expect(await client.flows.delete(copy.id)).toEqual({ id: copy.id, deleted: true });
  });
});

describe("HeraldError on the API's real answers", () => {
  it("401 for an unknown key is an auth error", async () => {
    const error = await failure(herald("sk_unknown").accounts.list());
    expect(error).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(error.body).toMatchObject({ success: false, error: { code: "invalid_api_key" } });
    expect([error.isAuthError(), error.isNotFound(), error.isRateLimited(), error.isStateError()]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it("another user's account is not found", async () => {
    const other = await newUser("creator");
    const theirs = await connect(other.key, "bluesky");
    const error = await failure(sdk.accounts.get(theirs.id));
    expect(error).toMatchObject({ status: 404, code: "not_found" });
    expect(error.isNotFound()).toBe(true);
    expect(error.isAuthError()).toBe(false);
  });

  it("editing a published post is a state error", async () => {
    const post = await sdk.posts.create({
      text: "now",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).status).toBe("published");
    const error = await failure(sdk.posts.update(post.id, { text: "changed" }));
    expect(error).toMatchObject({ status: 409, code: "state_error" });
    expect(error.isStateError()).toBe(true);
  });

  it("a refused body keeps the API's details in body", async () => {
    const error = await failure(
      sdk.posts.create({
        text: "x".repeat(301),
        platforms: [{ platform: "bluesky", account_id: bluesky.id }],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      }),
    );
    expect(error).toMatchObject({ status: 400, code: "validation_error" });
    expect((error.body as any).error.targets[0]).toMatchObject({ platform: "bluesky", code: "text_too_long" });
  });

  it("429 over the hourly limit is rate limited with retryAfter from Retry-After; retry does not wait an hour", async () => {
    const limited = await newUser("creator");
    await api("PATCH", "/api/v1/sandbox/config", { key: limited.key, body: { rate_limit_per_hour: 3 } });
    try {
      const client = herald(limited.key, { retry: true });
      for (let i = 0; i < 2; i++) await client.accounts.list(); // the PATCH above was the first request
      const error = await failure(client.accounts.list());
      expect(error).toMatchObject({ status: 429, code: "rate_limited" });
      expect(error.isRateLimited()).toBe(true);
      // The rest of the hour's window is longer than a retry waits (60 s by default), so it is thrown at once.
      expect(error.retryAfter).toBeGreaterThan(60);
      expect(error.retryAfter).toBeLessThanOrEqual(3600);
    } finally {
      await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 1000 } });
    }
  });
});
