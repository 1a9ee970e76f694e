import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { agentUser, mcpClient, mcpToken, ok, refused } from "../helpers/mcp";
import { BASE, createPost, FUTURE, resetClock, runDue, settled } from "../helpers/posts";
import { createSlot } from "../helpers/slots";
import { eventually } from "../helpers/wait";

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let mcp: Awaited<ReturnType<typeof mcpClient>>;
let bluesky: string;
let devto: string;
let tumblr: string;
let instagram: string;

const CHANNELS = [
  { id: "111", label: "Herald #general" },
  { id: "222", label: "Herald #launches" },
];
const MONDAY_0900 = "2030-06-03T09:00:00.000Z";

beforeAll(async () => {
  // Agency: room for every account these tests connect.
  user = await agentUser("agency");
  await resetClock(user.key);
  bluesky = (await connect(user.key, "bluesky")).id;
  devto = (await connect(user.key, "devto")).id;
  tumblr = (await connect(user.key, "tumblr", { destinations: [{ id: "blog-1", label: "Our blog" }] })).id;
  instagram = (await connect(user.key, "instagram")).id;
  mcp = await mcpClient({ key: user.key });
});

afterEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
});

const restPost = async (id: string) => (await api("GET", `/api/v1/posts/${id}`, { key: user.key })).body.data;

describe("the server", () => {
  it("initializes as Herald and lists each tool with its schemas and annotations that tell the truth", async () => {
    expect(mcp.client.getServerVersion()).toMatchObject({ name: "herald", title: "Herald" });
    expect(mcp.client.getInstructions()).toContain("list_capabilities");
    const byName = new Map(mcp.tools.map((t) => [t.name, t]));
    for (const tool of mcp.tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description?.length).toBeGreaterThan(20);
    }
    expect(byName.get("list_accounts")?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.get("list_account_destinations")?.annotations).toMatchObject({
      readOnlyHint: true,
      openWorldHint: true,
    });
    expect(byName.get("create_scheduled_post")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.get("manage_posting_slots")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get("arm_plug")?.inputSchema.properties).toHaveProperty("confirm");
    expect(byName.get("list_accounts")?.inputSchema.properties).not.toHaveProperty("confirm");
    // Field descriptions come along from the REST schemas.
    const media = (byName.get("create_scheduled_post")!.inputSchema.properties as any).media.items.properties;
    expect(media.altText.description).toBe("Images only; at most 1,000 characters");
  });

  it("serves the flow step and trigger catalogs as resources", async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["herald://node-types", "herald://trigger-types"]);
    const nodes = await mcp.client.readResource({ uri: "herald://node-types" });
    const { nodeTypes } = JSON.parse((nodes.contents[0] as { text: string }).text);
    expect(nodeTypes.map((t: { type: string }) => t.type)).toEqual([
      "trigger",
      "message",
      "delay",
      "condition",
      "collect",
      "ai_reply",
      "payment",
      "action",
    ]);
    // Each type's data as JSON Schema, from the same zod schemas REST and the edit tools check.
    const message = nodeTypes.find((t: { type: string }) => t.type === "message");
    expect(message.data.properties.blocks.items.properties.buttons.items.properties.type.enum).toEqual([
      "url",
      "postback",
    ]);
    expect(message.handles).toContain("postback");
    const triggers = await mcp.client.readResource({ uri: "herald://trigger-types" });
    expect(Object.keys(JSON.parse((triggers.contents[0] as { text: string }).text).triggerTypes.platforms)).toEqual([
      "instagram",
      "facebook",
      "whatsapp",
    ]);
  });

  it("a tool name that does not exist is a protocol error, not a tool result", async () => {
    await expect(mcp.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/no_such_tool/);
  });
});

describe("accounts", () => {
  it("list_accounts gives every account with its text_limit, and filters by platform", async () => {
    const { accounts } = await ok(mcp, "list_accounts");
    const rest = (await api("GET", "/api/v1/connected-accounts", { key: user.key })).body.data;
    expect(accounts).toEqual(rest);
    expect(accounts.find((a: { id: string }) => a.id === bluesky).text_limit).toBe(300);
    expect((await ok(mcp, "list_accounts", { platform: "devto" })).accounts.map((a: { id: string }) => a.id)).toEqual([
      devto,
    ]);
  });

  it("list_account_destinations lists, checks a typed name, and keeps a manual one", async () => {
    const discord = (await connect(user.key, "discord", { destinations: CHANNELS })).id;
    expect(await ok(mcp, "list_account_destinations", { accountId: discord })).toEqual({
      mode: "list",
      destinations: CHANNELS,
    });
    expect(await ok(mcp, "list_account_destinations", { accountId: discord, input: "Herald #launches" })).toEqual({
      mode: "list",
      destinations: [CHANNELS[1]],
    });
    const telegram = (await connect(user.key, "telegram")).id;
    const checked = await ok(mcp, "list_account_destinations", { accountId: telegram, input: "@heraldnews" });
    expect(checked.mode).toBe("manual");
    expect((await ok(mcp, "list_account_destinations", { accountId: telegram })).destinations).toEqual(
      checked.destinations,
    );
  });

  it("list_account_destinations refuses as REST does: fresh asks a failing platform, a stale account", async () => {
    const discord = (await connect(user.key, "discord", { destinations: CHANNELS })).id;
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "discord", mode: "error", count: 1 },
    });
    expect(await refused(mcp, "list_account_destinations", { accountId: discord, fresh: true })).toMatchObject({
      code: "platform_unreachable",
      retryable: true,
    });
    const stale = (await connect(user.key, "discord", { status: "reauth_required" })).id;
    expect((await refused(mcp, "list_account_destinations", { accountId: stale })).code).toBe("reauth_required");
    const unknown = await refused(mcp, "list_account_destinations", { accountId: discord, input: "#nowhere" });
    expect(unknown).toMatchObject({ code: "validation_error", issues: [{ path: "input" }] });
  });
});

describe("posts", () => {
  it("create_scheduled_post and update_scheduled_post carry a poll as the REST API stores it, and refuse it on Bluesky", async () => {
    const mastodon = (await connect(user.key, "mastodon")).id;
    const poll = { options: ["Tabs", "Spaces"], durationMinutes: 60 };
    const post = await ok(mcp, "create_scheduled_post", {
      text: "Tabs or spaces?",
      platforms: [{ platform: "mastodon", accountId: mastodon }],
      poll,
    });
    expect(post).toEqual(await restPost(post.id));
    expect(post.poll).toEqual({ options: ["Tabs", "Spaces"], duration_minutes: 60 });
    const removed = await ok(mcp, "update_scheduled_post", { postId: post.id, poll: null });
    expect(removed.poll).toBeNull();
    const refusedPoll = await refused(mcp, "create_scheduled_post", {
      text: "Tabs or spaces?",
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      poll,
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
    });
    expect(refusedPoll).toMatchObject({ code: "validation_error", targets: [{ code: "poll_not_supported" }] });
  });

  it("create_scheduled_post: articles per platform, alt text, detached platforms, as the REST API stores them", async () => {
    const post = await ok(mcp, "create_scheduled_post", {
      text: "We launch today: https://example.com/launch",
      platforms: [
        { platform: "bluesky", accountId: bluesky },
        {
          platform: "tumblr",
          accountId: tumblr,
          metadata: { destination_id: "blog-1" },
          article: {
            title: "Launch notes",
            body: "# Hello",
            canonicalUrl: "https://example.com/launch",
            tags: ["launch"],
          },
        },
        { platform: "instagram", accountId: instagram },
      ],
      media: [{ type: "image", url: "https://example.com/cover.png", altText: "Our logo" }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
      detachedPlatforms: ["bluesky"],
    });
    expect(post).toEqual(await restPost(post.id));
    expect(post).toMatchObject({
      status: "scheduled",
      scheduled_at: FUTURE,
      media: [{ type: "image", url: "https://example.com/cover.png", alt_text: "Our logo" }],
      platform_overrides: {
        tumblr: {
          title: "Launch notes",
          body: "# Hello",
          canonical_url: "https://example.com/launch",
          tags: ["launch"],
        },
        bluesky: { detached: true, text: "We launch today: https://example.com/launch" },
      },
    });
    expect(post.platforms.map((t: { account_id: string }) => t.account_id)).toEqual([bluesky, tumblr, instagram]);
  });

  it("create_scheduled_post: a video's coverUrl and coverTimeMs reach the platforms that take them", async () => {
    const post = await ok(mcp, "create_scheduled_post", {
      text: "A reel",
      platforms: [{ platform: "instagram", accountId: instagram }],
      media: [
        {
          type: "video",
          url: "https://example.com/reel.mp4",
          coverUrl: "https://example.com/c.png",
          coverTimeMs: 1500,
        },
      ],
    });
    expect(post.status).toBe("draft");
    expect(post.media).toEqual([
      {
        type: "video",
        url: "https://example.com/reel.mp4",
        cover_url: "https://example.com/c.png",
        cover_time_ms: 1500,
      },
    ]);
  });

  it("create_scheduled_post with nextSlot takes the next free slot; without slots it is refused", async () => {
    const other = (await connect(user.key, "mastodon")).id;
    expect(
      await refused(mcp, "create_scheduled_post", {
        text: "Next",
        platforms: [{ platform: "mastodon", accountId: other }],
        nextSlot: true,
      }),
    ).toMatchObject({ code: "no_slots" });
    await createSlot(user.key, { account_ids: [other], weekday: 1, time: "09:00", timezone: "UTC" });
    const post = await ok(mcp, "create_scheduled_post", {
      text: "Into the slot",
      platforms: [{ platform: "mastodon", accountId: other }],
      nextSlot: true,
    });
    expect(post).toMatchObject({ status: "scheduled", scheduled_at: MONDAY_0900 });
  });

  it("create_scheduled_post refuses bad input before anything is written, naming the field as the tool does", async () => {
    const before = (await api("GET", "/api/v1/posts?limit=100", { key: user.key })).body.data.length;
    const tooLong = await refused(mcp, "create_scheduled_post", {
      text: "x".repeat(301),
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
    });
    expect(tooLong).toMatchObject({ code: "validation_error" });
    expect(tooLong.targets).toEqual([expect.objectContaining({ account_id: bluesky, code: "text_too_long" })]);
    const missing = await refused(mcp, "create_scheduled_post", {
      text: "When?",
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      scheduleType: "scheduled",
    });
    expect(missing).toMatchObject({ code: "validation_error", issues: [{ path: "scheduledAt" }] });
    expect(missing.message).toMatch(/^scheduledAt: /);
    const badShape = await refused(mcp, "create_scheduled_post", { platforms: [{ platform: "bluesky" }] });
    expect(badShape).toMatchObject({ code: "validation_error", issues: [{ path: "platforms.0.accountId" }] });
    const twoArticles = await refused(mcp, "create_scheduled_post", {
      platforms: [
        { platform: "devto", accountId: devto, article: { title: "One" } },
        { platform: "devto", accountId: (await connect(user.key, "devto")).id, article: { title: "Two" } },
      ],
    });
    expect(twoArticles).toMatchObject({ code: "validation_error", issues: [{ path: "platforms.1.article" }] });
    expect((await api("GET", "/api/v1/posts?limit=100", { key: user.key })).body.data.length).toBe(before);
  });

  it("a platform the plan excludes is PLATFORM_UNAVAILABLE", async () => {
    const free = await agentUser("free");
    const x = (await connect(free.key, "twitter")).id;
    const freeMcp = await mcpClient({ key: free.key });
    const refusal = await refused(freeMcp, "create_scheduled_post", {
      text: "Hi",
      platforms: [{ platform: "twitter", accountId: x }],
    });
    expect(refusal.code).toBe("PLATFORM_UNAVAILABLE");
  });

  it("update_scheduled_post sets articles by platform and detached platforms as a whole list", async () => {
    const created = await ok(mcp, "create_scheduled_post", {
      text: "First words",
      platforms: [
        { platform: "bluesky", accountId: bluesky },
        { platform: "devto", accountId: devto, article: { title: "Old title", tags: ["a"] } },
      ],
      detachedPlatforms: ["bluesky"],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
    });
    const edited = await ok(mcp, "update_scheduled_post", {
      postId: created.id,
      text: "Better words",
      articles: { devto: { title: "New title", body: "Body" } },
    });
    expect(edited).toEqual(await restPost(created.id));
    expect(edited.text).toBe("Better words");
    expect(edited.platform_overrides).toEqual({
      devto: { title: "New title", body: "Body" },
      bluesky: { detached: true, text: "First words", media: [] },
    });
    const reattached = await ok(mcp, "update_scheduled_post", { postId: created.id, detachedPlatforms: [] });
    expect(reattached.platform_overrides).toEqual({ devto: { title: "New title", body: "Body" } });
    const moved = await ok(mcp, "update_scheduled_post", { postId: created.id, scheduledAt: MONDAY_0900 });
    expect(moved.scheduled_at).toBe(MONDAY_0900);
  });

  it("a published post cannot be edited (state_error), and an unknown one is not_found", async () => {
    const post = await createPost(user.key, {
      text: "Gone out",
      platforms: [{ platform: "bluesky", account_id: bluesky }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await runDue(user.key);
    await settled(user.key, post.id);
    await resetClock(user.key);
    expect(await refused(mcp, "update_scheduled_post", { postId: post.id, text: "Too late" })).toMatchObject({
      code: "state_error",
      status: "published",
    });
    expect((await restPost(post.id)).text).toBe("Gone out");
    expect(await refused(mcp, "get_scheduled_post", { postId: "post_nothing" })).toEqual({
      code: "not_found",
      message: "Post not found",
    });
  });

  it("get_scheduled_post answers the post (no automation without flows); list_scheduled_posts pages", async () => {
    const writer = await agentUser("creator");
    const account = (await connect(writer.key, "bluesky")).id;
    const agent = await mcpClient({ key: writer.key });
    const ids: string[] = [];
    for (const text of ["one", "two", "three"]) {
      const post = await ok(agent, "create_scheduled_post", {
        text,
        platforms: [{ platform: "bluesky", accountId: account }],
      });
      ids.push(post.id);
    }
    const got = await ok(agent, "get_scheduled_post", { postId: ids[0] });
    expect(got).toEqual((await api("GET", `/api/v1/posts/${ids[0]}`, { key: writer.key })).body.data);
    expect(got).not.toHaveProperty("automation");

    const first = await ok(agent, "list_scheduled_posts", { status: "draft", limit: 2 });
    expect(first.posts).toHaveLength(2);
    const second = await ok(agent, "list_scheduled_posts", { status: "draft", limit: 2, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.posts, ...second.posts].map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    expect((await ok(agent, "list_scheduled_posts", { status: "scheduled" })).posts).toEqual([]);
  });
});

describe("posting slots", () => {
  it("find_next_slot answers as find-slot does and holds the slot", async () => {
    const account = (await connect(user.key, "threads")).id;
    await createSlot(user.key, { account_ids: [account], weekday: 1, time: "09:00", timezone: "UTC" });
    const first = await ok(mcp, "find_next_slot", { accountIds: [account] });
    expect(first).toMatchObject({ at: MONDAY_0900, slotId: first.slot_id, timezone: "UTC" });
    // Held for 10 minutes from now (the sandbox clock runs on from BASE).
    const heldFor = Date.parse(first.reserved_until) - Date.parse(BASE);
    expect(heldFor).toBeGreaterThanOrEqual(10 * 60_000);
    expect(heldFor).toBeLessThan(11 * 60_000);
    // Held: the next pick gets the week after.
    expect((await ok(mcp, "find_next_slot", { accountIds: [account] })).at).toBe("2030-06-10T09:00:00.000Z");
    const after = await ok(mcp, "find_next_slot", { accountIds: [account], after: "2030-07-01T00:00:00Z" });
    expect(after.at).toBe("2030-07-01T09:00:00.000Z");
  });

  it("find_next_slot refusals: invalid_accounts, no_slots, no_free_slot", async () => {
    expect(await refused(mcp, "find_next_slot", { accountIds: ["acct_unknown"] })).toMatchObject({
      code: "invalid_accounts",
      issues: [{ path: "accountIds" }],
    });
    const lonely = (await connect(user.key, "threads")).id;
    expect((await refused(mcp, "find_next_slot", { accountIds: [lonely] })).code).toBe("no_slots");
    // Each pick holds its slot: a weekly slot has 9 occurrences in 60 days, then none is free (for a user allowed
    // more holds at once than that and the other tests' holds; 5 by default).
    await createSlot(user.key, { account_ids: [lonely], weekday: 1, time: "09:00", timezone: "UTC" });
    const holdsPerUser = (n: number) =>
      api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { slot_holds_per_user: n } });
    await holdsPerUser(50);
    try {
      for (let week = 0; week < 9; week++) await ok(mcp, "find_next_slot", { accountIds: [lonely] });
      expect((await refused(mcp, "find_next_slot", { accountIds: [lonely] })).code).toBe("no_free_slot");
    } finally {
      await holdsPerUser(5);
    }
  });

  /** A user of their own (with a Monday 09:00 slot on one account), so holds of other tests do not count. */
  const slotOwner = async () => {
    const owner = await agentUser();
    await resetClock(owner.key);
    const account = (await connect(owner.key, "threads")).id;
    await createSlot(owner.key, { account_ids: [account], weekday: 1, time: "09:00", timezone: "UTC" });
    const holds = async () => (await env.SLOT_PICKER.get(env.SLOT_PICKER.idFromName(owner.userId)).holds(0)).length;
    return { owner, account, holds };
  };

  it("find_next_slot past the cap is refused too_many_holds with retry_after, and releases no hold", async () => {
    const { owner, account, holds } = await slotOwner();
    const agent = await mcpClient({ key: owner.key });
    for (let i = 0; i < 5; i++) await ok(agent, "find_next_slot", { accountIds: [account] });
    const refusal = await refused(agent, "find_next_slot", { accountIds: [account] });
    expect(refusal).toMatchObject({ code: "too_many_holds", limit: 5, suggestion: "wait_then_retry" });
    expect(refusal.retry_after).toBeGreaterThan(0);
    expect(await holds()).toBe(5);
  });

  it("find_next_slot with a read-only token answers the slot, not held, and holds nothing", async () => {
    const { owner, account, holds } = await slotOwner();
    const reader = await mcpClient({ token: await mcpToken(owner, "posts:read posts:write agent:execute", true) });
    const first = await ok(reader, "find_next_slot", { accountIds: [account] });
    expect(first).toMatchObject({ at: MONDAY_0900, held: false, reserved_until: null });
    expect(await ok(reader, "find_next_slot", { accountIds: [account] })).toEqual(first);
    expect(await holds()).toBe(0);
  });

  it("manage_posting_slots adds, lists, changes and (confirmed) removes a slot", async () => {
    const account = (await connect(user.key, "threads")).id;
    const add = {
      action: "add",
      accountIds: [account],
      weekday: 1,
      time: "09:30",
      timezone: "Europe/Berlin",
    };
    const added = await ok(mcp, "manage_posting_slots", add);
    expect(added.status).toBe("done");
    const slot = added.result.slot;
    expect(slot).toMatchObject({ account_ids: [account], weekday: 1, time: "09:30", timezone: "Europe/Berlin" });
    const listed = await ok(mcp, "manage_posting_slots", { action: "list", accountIds: [account] });
    expect(listed.result.slots).toEqual([slot]);
    const changed = await ok(mcp, "manage_posting_slots", { action: "update", slotId: slot.id, time: "10:00" });
    expect(changed.result.slot).toMatchObject({ id: slot.id, time: "10:00", minutes: 600 });

    const preview = await ok(mcp, "manage_posting_slots", { action: "remove", slotId: slot.id });
    expect(preview.status).toBe("confirmation_required");
    expect(preview.preview.summary).toContain("Mondays at 10:00 Europe/Berlin");
    expect(
      (await ok(mcp, "manage_posting_slots", { action: "list", accountIds: [account] })).result.slots,
    ).toHaveLength(1);
    const removed = await ok(mcp, "manage_posting_slots", { action: "remove", slotId: slot.id, confirm: true });
    expect(removed).toEqual({ status: "done", result: { removed: { id: slot.id, deleted: true } } });
    expect((await ok(mcp, "manage_posting_slots", { action: "list", accountIds: [account] })).result.slots).toEqual([]);
  });

  it("manage_posting_slots refuses bad input naming the tool's fields", async () => {
    const account = (await connect(user.key, "threads")).id;
    expect(
      await refused(mcp, "manage_posting_slots", { action: "add", accountIds: [account], weekday: 1, time: "09:00" }),
    ).toMatchObject({ code: "validation_error", issues: [{ path: "timezone" }] });
    expect(
      await refused(mcp, "manage_posting_slots", {
        action: "add",
        accountIds: ["acct_unknown"],
        weekday: 1,
        time: "09:00",
        timezone: "UTC",
      }),
    ).toMatchObject({ code: "validation_error", issues: [{ path: "accountIds.0" }] });
    expect(await refused(mcp, "manage_posting_slots", { action: "update", time: "09:00" })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "slotId" }],
    });
    expect(await refused(mcp, "manage_posting_slots", { action: "remove", slotId: "slot_x" })).toMatchObject({
      code: "not_found",
    });
  });
});

describe("plugs", () => {
  it("list_plugs and arm_plug (confirmed), with the account left out when only one can carry a plug", async () => {
    const x = (await connect(user.key, "twitter")).id;
    // Twitch carries no plug (it reads no counts and has neither action), so X's account is the only one.
    const twitch = (await connect(user.key, "twitch")).id;
    const post = await createPost(user.key, {
      text: "Watch this",
      platforms: [
        { platform: "twitter", account_id: x },
        { platform: "twitch", account_id: twitch },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const listed = await ok(mcp, "list_plugs", { postId: post.id });
    expect(listed.targets).toEqual([
      {
        account_id: x,
        platform: "twitter",
        metrics: ["likes", "comments", "reposts", "views"],
        actions: ["repost", "comment"],
      },
    ]);
    const armed = await ok(mcp, "arm_plug", {
      postId: post.id,
      metric: "likes",
      threshold: 50,
      action: "repost",
      confirm: true,
    });
    expect(armed.status).toBe("done");
    expect(armed.result).toMatchObject({ account_id: x, trigger: { metric: "likes", threshold: 50 }, state: "armed" });
    const rest = (await api("GET", `/api/v1/posts/${post.id}/plugs`, { key: user.key })).body.data;
    expect(rest.plugs).toEqual([armed.result]);
    expect((await ok(mcp, "list_plugs", { postId: post.id })).plugs).toEqual([armed.result]);
  });

  it("arm_plug refusals: two possible accounts, a draft, a metric the platform lacks", async () => {
    const x = (await connect(user.key, "twitter")).id;
    const fb = (await connect(user.key, "facebook")).id;
    const post = await createPost(user.key, {
      text: "Two carriers",
      platforms: [
        { platform: "twitter", account_id: x },
        { platform: "facebook", account_id: fb },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const which = await refused(mcp, "arm_plug", { postId: post.id, metric: "likes", threshold: 5, action: "repost" });
    expect(which).toMatchObject({ code: "validation_error", issues: [{ path: "accountId" }] });
    expect(which.message).toContain(x);
    expect(which.message).toContain(fb);
    expect(
      (
        await refused(mcp, "arm_plug", {
          postId: post.id,
          accountId: fb,
          metric: "views",
          threshold: 5,
          action: "comment",
          text: "Hi",
        })
      ).code,
    ).toBe("unsupported_metric");
    const draft = await createPost(user.key, { text: "Draft", platforms: [{ platform: "twitter", account_id: x }] });
    expect(
      (
        await refused(mcp, "arm_plug", {
          postId: draft.id,
          metric: "likes",
          threshold: 5,
          action: "repost",
          confirm: true,
        })
      ).code,
    ).toBe("post_is_draft");
    expect((await api("GET", `/api/v1/posts/${post.id}/plugs`, { key: user.key })).body.data.plugs).toEqual([]);
  });
});

describe("RSS feeds", () => {
  async function newFeed() {
    const res = await api("POST", "/api/v1/rss-feeds", {
      key: user.key,
      body: { url: `https://example.com/${crypto.randomUUID()}.xml`, account_ids: [bluesky] },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it("list_rss_feeds answers what the REST list does", async () => {
    const feed = await newFeed();
    const { feeds } = await ok(mcp, "list_rss_feeds");
    expect(feeds).toEqual((await api("GET", "/api/v1/rss-feeds", { key: user.key })).body.data);
    expect(feeds.map((f: { id: string }) => f.id)).toContain(feed.id);
  });

  it("update_rss_feed pauses, resumes, and changes mode, instructions, tone, image, accounts and cap", async () => {
    const feed = await newFeed();
    expect((await ok(mcp, "update_rss_feed", { feedId: feed.id, paused: true })).status).toBe("paused");
    expect((await ok(mcp, "update_rss_feed", { feedId: feed.id, paused: false })).status).toBe("active");
    const changed = await ok(mcp, "update_rss_feed", {
      feedId: feed.id,
      mode: "ai_draft",
      instructions: "Keep it short",
      image: "feed",
      accountIds: [bluesky, devto],
      dailyCap: 7,
    });
    expect(changed).toMatchObject({
      mode: "ai_draft",
      template: { instructions: "Keep it short", tone: "" },
      image: "feed",
      account_ids: [bluesky, devto],
      daily_cap: 7,
    });
    const toned = await ok(mcp, "update_rss_feed", { feedId: feed.id, tone: "friendly" });
    expect(toned.template).toEqual({ instructions: "Keep it short", tone: "friendly" });
  });

  it("ai_schedule is the user's to turn on: refused with why, and the feed is unchanged", async () => {
    const feed = await newFeed();
    const refusal = await refused(mcp, "update_rss_feed", { feedId: feed.id, mode: "ai_schedule" });
    expect(refusal).toMatchObject({ code: "validation_error", issues: [{ path: "mode" }] });
    expect(refusal.message).toContain("can only be turned on by the user");
    expect(await refused(mcp, "update_rss_feed", { feedId: feed.id, dailyCap: 51 })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "dailyCap" }],
    });
    const rest = (await api("GET", "/api/v1/rss-feeds", { key: user.key })).body.data.find(
      (f: { id: string }) => f.id === feed.id,
    );
    expect(rest).toMatchObject({ mode: "draft", daily_cap: 3 });
  });
});

describe("analytics", () => {
  it("get_analytics_overview counts published and failed posts and plug firings per account and platform", async () => {
    const owner = await agentUser("creator");
    await resetClock(owner.key);
    const x = (await connect(owner.key, "twitter")).id;
    // Faults are per platform for every user: threads is one no other post of this file goes to.
    const thr = (await connect(owner.key, "threads")).id;
    await api("POST", "/api/v1/sandbox/faults", {
      key: owner.key,
      body: { platform: "threads", mode: "reject", count: 1 },
    });
    const post = await createPost(owner.key, {
      text: "Counted",
      platforms: [
        { platform: "twitter", account_id: x },
        { platform: "threads", account_id: thr },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await runDue(owner.key);
    await settled(owner.key, post.id);
    await api("POST", "/api/v1/sandbox/metrics", {
      key: owner.key,
      body: { post_id: post.id, account_id: x, likes: 9 },
    });
    const armed = await api("POST", `/api/v1/posts/${post.id}/plugs`, {
      key: owner.key,
      body: { account_id: x, trigger: { metric: "likes", threshold: 5 }, action: { kind: "repost" } },
    });
    expect(armed.status).toBe(201);
    await api("POST", "/api/v1/sandbox/tick", { key: owner.key, body: { jobs: ["plug-checks"] } });
    await eventually(async () => {
      const plugs = (await api("GET", `/api/v1/posts/${post.id}/plugs`, { key: owner.key })).body.data.plugs;
      return plugs[0].state === "fired" ? plugs : undefined;
    }, "the plug to fire");

    const agent = await mcpClient({ key: owner.key });
    const rest = async (query: string) =>
      (await api("GET", `/api/v1/analytics/overview${query}`, { key: owner.key })).body.data;
    // A fixed window, so both calls count over the same one.
    const window = { from: "2030-01-01", to: "2030-12-31" };
    const overview = await ok(agent, "get_analytics_overview", window);
    expect(overview).toEqual(await rest(`?from=${window.from}&to=${window.to}`));
    const counted = (id: string) => overview.accounts.find((a: { account_id: string }) => a.account_id === id);
    expect(counted(x)).toMatchObject({ platform: "twitter", posts_published: 1, posts_failed: 0, plug_firings: 1 });
    expect(counted(thr)).toMatchObject({ platform: "threads", posts_published: 0, posts_failed: 1, plug_firings: 0 });
    const onlyThreads = await ok(agent, "get_analytics_overview", { ...window, accountIds: [thr] });
    expect(onlyThreads).toEqual(await rest(`?from=${window.from}&to=${window.to}&account_ids=${thr}`));
    expect(onlyThreads.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([thr]);
    expect(await refused(agent, "get_analytics_overview", { from: FUTURE, to: BASE })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "to" }],
    });
  });
});
