import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import { api, connect } from "../helpers/api";
import { hiddenField } from "../helpers/browser";
import { open, signedInUser } from "../helpers/dashboard";
import { flowRow, readyFlow } from "../helpers/flows";
import { group } from "../helpers/invites";
import { png, uploaded } from "../helpers/media";
import { createPost, FUTURE } from "../helpers/posts";
import { createLink, requestApproval, tokenOf } from "../helpers/reviews";
import { addWebhook } from "../helpers/webhooks";

/** Each GET and POST route once (a route with middleware is listed once per handler). */
const routes = [
  ...new Map(
    createApp()
      .routes.filter((r) => r.method === "GET" || r.method === "POST")
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

/**
 * The forms of Herald's pages: every POST but the REST API, the OAuth server's machine endpoints, platforms' webhooks,
 * the agent tool server and the bench's floor.
 */
const pageForms = [
  ...new Set(
    routes
      .filter((r) => r.method === "POST")
      .map((r) => r.path)
      .filter((path) => !/^\/(api\/(v1\/|oauth\/(token|register|revoke)$)|webhooks\/|mcp$|bench\/)/.test(path)),
  ),
].sort();

/** A signed-in owner with a post waiting for approval ("Mine") and a review link to it. */
async function ownerWithHeldPost() {
  const owner = await signedInUser("studio");
  const bluesky = await connect(owner.key, "bluesky");
  const post = await createPost(owner.key, {
    text: "Mine",
    platforms: [{ platform: "bluesky", account_id: bluesky.id }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
  await requestApproval(owner.key, post.id);
  const link = await createLink(owner.key, post.id, { reviewer_name: "Anna" });
  return { owner, post, link };
}

/** A live client invite of the user holding `key`. */
async function inviteOf(key: string) {
  const into = await group(key, "Acme Bakery");
  const res = await api("POST", "/api/v1/client-invites", {
    key,
    body: { group_id: into.id, platforms: ["instagram"] },
  });
  return res.body.data as { url: string };
}

describe("every POST form of every page goes through checkedForm", () => {
  it("is one of the forms this test knows (a new form joins the list, and so the check below)", () => {
    expect(pageForms).toEqual([
      "/api/oauth/authorize",
      "/dashboard/accounts/:id/contacts/:contactId",
      "/dashboard/accounts/:id/disconnect",
      "/dashboard/accounts/connect",
      "/dashboard/accounts/credentials",
      "/dashboard/accounts/groups",
      "/dashboard/accounts/groups/:groupId/delete",
      "/dashboard/accounts/groups/:groupId/rename",
      "/dashboard/accounts/groups/:groupId/report-link",
      "/dashboard/accounts/invites",
      "/dashboard/accounts/invites/:inviteId/revoke",
      "/dashboard/compose",
      "/dashboard/flows/:id/activate",
      "/dashboard/flows/:id/deactivate",
      "/dashboard/flows/:id/duplicate",
      "/dashboard/flows/:id/runs/:runId/stop",
      "/dashboard/media",
      "/dashboard/media/:id/delete",
      "/dashboard/members",
      "/dashboard/members/:id/remove",
      "/dashboard/members/:id/role",
      "/dashboard/notifications/read",
      "/dashboard/posts/:id/decide",
      "/dashboard/posts/:id/edit",
      "/dashboard/posts/:id/request-approval",
      "/dashboard/posts/:id/review-links",
      "/dashboard/posts/:id/review-links/:linkId/revoke",
      "/dashboard/webhooks",
      "/dashboard/webhooks/:id/delete",
      "/dashboard/webhooks/:id/deliveries/:eventId/redeliver",
      "/dashboard/webhooks/:id/events",
      "/dashboard/webhooks/:id/switch",
      "/dashboard/webhooks/:id/test",
      "/dashboard/workspace",
      "/invite/:token/connect",
      "/join/:token/accept",
      "/review/:token",
      "/sandbox/consent",
      "/settings/api-keys",
      "/settings/api-keys/:id/revoke",
      "/settings/apps/:clientId/remove",
      "/settings/leave",
      "/settings/name",
      "/settings/time-zone",
      "/settings/webhooks/:id/test",
      "/signin",
      "/signout",
      "/signup",
    ]);
  });

  it("refuses each one, signed in, without the right token: 403", async () => {
    const { owner, post, link: review } = await ownerWithHeldPost();
    const invite = await inviteOf(owner.key);
    const live: Record<string, string> = {
      "/review/:token": `/review/${tokenOf(review.url)}`,
      "/invite/:token/connect": `/invite/${tokenOf(invite.url)}/connect`,
    };
    for (const path of pageForms) {
      const url = live[path] ?? path.replaceAll(/:[a-zA-Z]+/g, "x");
      for (const csrf of [undefined, "forged"]) {
        const res = await owner.browser.post(url, {
          ...(csrf ? { csrf } : {}),
          intent: "save",
          kind: "approved",
          platform: "instagram",
          name: "Mallory",
        });
        expect(res.status, `${url} with ${csrf ?? "no token"}`).toBe(403);
      }
    }
    expect((await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data).toHaveLength(1);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: owner.key })).body.data.status).toBe(
      "waiting_for_approval",
    );
  });
});

describe("every dashboard and settings page and form refuses another user's ids with 404", () => {
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    let post: { id: string };
    let link: { id: string };
    ({ owner, post, link } = await ownerWithHeldPost());
    const hook = await addWebhook(owner.key, {
      target_url: "https://hooks.example.com/in",
      events: ["post.published"],
    });
    const keys = await api("GET", "/api/v1/api-keys", { key: owner.key });
    const instagram = await connect(owner.key, "instagram");
    const flow = await readyFlow(owner.key, instagram.id, "Mine");
    const into = await group(owner.key, "Mine");
    const invite = await api("POST", "/api/v1/client-invites", {
      key: owner.key,
      body: { group_id: into.id, platforms: ["instagram"] },
    });
    const media = await uploaded(owner.key, await png(), { filename: "mine.png" });
    ids = {
      media: media.id,
      post: post.id,
      link: link.id,
      webhook: hook.id,
      key: keys.body.data[0].id,
      flow: flow.id,
      account: instagram.id,
      group: into.id,
      invite: invite.body.data.id,
      member: (await api("GET", "/api/v1/members", { key: owner.key })).body.data[0].id,
    };
  });

  /** Each page or form with ids in its path, filled with the owner's. */
  const withOwnersIds = (path: string): string | null => {
    const fills: [RegExp, () => string][] = [
      [/^\/dashboard\/posts\/:id/, () => path.replace(":id", ids.post!).replace(":linkId", ids.link!)],
      [/^\/(dashboard|settings)\/webhooks\/:id/, () => path.replace(":id", ids.webhook!).replace(":eventId", "evt_x")],
      [/^\/settings\/api-keys\/:id/, () => path.replace(":id", ids.key!)],
      [/^\/dashboard\/flows\/:id/, () => path.replace(":id", ids.flow!).replace(":runId", "exec_x")],
      [/^\/dashboard\/media\/:id/, () => path.replace(":id", ids.media!)],
      [/^\/dashboard\/members\/:id/, () => path.replace(":id", ids.member!)],
      [/^\/dashboard\/accounts\/groups\/:groupId/, () => path.replace(":groupId", ids.group!)],
      [/^\/dashboard\/accounts\/invites\/:inviteId/, () => path.replace(":inviteId", ids.invite!)],
      [/^\/dashboard\/accounts\/:id/, () => path.replace(":id", ids.account!).replace(":contactId", "bo")],
    ];
    return fills.find(([pattern]) => pattern.test(path))?.[1]() ?? null;
  };

  it("knows an id for each (a new page with ids joins here)", () => {
    const withIds = routes.filter((r) => /^\/(dashboard|settings)\//.test(r.path) && r.path.includes(":"));
    // Connected apps are OAuth clients, anyone's to name: removing one the user never allowed removes nothing.
    const unknown = withIds.filter(
      (r) => withOwnersIds(r.path) === null && r.path !== "/settings/apps/:clientId/remove",
    );
    expect(unknown.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("answers 404 to another user for each, and changes nothing", async () => {
    const stranger = await signedInUser("studio");
    const csrf = hiddenField((await open(stranger.browser, "/dashboard")).page, "csrf");
    const tried: string[] = [];
    for (const route of routes.filter((r) => /^\/(dashboard|settings)\//.test(r.path))) {
      const url = withOwnersIds(route.path);
      if (!url) continue;
      const res =
        route.method === "GET"
          ? await stranger.browser.fetch(url)
          : await stranger.browser.post(url, {
              csrf,
              intent: "save",
              kind: "approved",
              version: "1",
              comment: "x",
              active: "0",
              events: "post.published",
              text: "Mallory",
              name: "Mallory",
              opted_out: "1",
              role: "viewer",
            });
      expect(res.status, `${route.method} ${url}`).toBe(404);
      expect(await res.text(), `${route.method} ${url}`).not.toContain("Mine");
      tried.push(`${route.method} ${route.path}`);
    }
    expect(tried.length).toBeGreaterThanOrEqual(14);
    const post = (await api("GET", `/api/v1/posts/${ids.post}`, { key: owner.key })).body.data;
    expect(post).toMatchObject({ text: "Mine", status: "waiting_for_approval" });
    const hooks = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(hooks).toEqual([expect.objectContaining({ id: ids.webhook, active: true, events: ["post.published"] })]);
    const keys = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data;
    expect(keys[0].revoked_at).toBeNull();
    const links = (await api("GET", `/api/v1/posts/${ids.post}/review-links`, { key: owner.key })).body.data;
    expect(links[0].state).toBe("active");
    expect((await flowRow(ids.flow!))!.status).toBe("draft");
    expect((await api("GET", "/api/v1/flows", { key: owner.key })).body.data).toHaveLength(1);
    const groups = (await api("GET", "/api/v1/account-groups", { key: owner.key })).body.data;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(["Mine"]);
    const invites = (await api("GET", "/api/v1/client-invites", { key: owner.key })).body.data;
    expect(invites.map((i: { state: string }) => i.state)).toEqual(["active"]);
    const account = (await api("GET", `/api/v1/connected-accounts/${ids.account}`, { key: owner.key })).body.data;
    expect(account.status).toBe("active");
    const media = (await api("GET", `/api/v1/media/${ids.media}`, { key: owner.key })).body.data;
    expect(media.id).toBe(ids.media);
  });
});
