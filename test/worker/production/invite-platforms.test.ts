import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../../src/lib/errors";
import { INVITE_PLATFORMS } from "../../../src/schemas/client-invites";
import { createClientInvite } from "../../../src/services/invites/manage";
import type { InvitePlatform } from "../../../src/services/invites/rules";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { facebookGrants } from "../helpers/facebook";
import { type Exchange, json } from "../helpers/platform";
import { connectThroughConsent, liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/** A studio owner with a group and an invite into it offering `platform`. */
async function inviteFor(platform: string, max = 5) {
  const owner = await liveUser("studio");
  const group = await api("POST", "/api/v1/account-groups", { key: owner.key, body: { name: "Acme" } });
  const invite = await api("POST", "/api/v1/client-invites", {
    key: owner.key,
    body: { group_id: group.body.data.id, platforms: [platform], max_accounts: max },
  });
  return { ...owner, groupId: group.body.data.id as string, url: invite.body.data.url as string };
}

/** A client presses the platform's button: answers their browser and the platform's consent URL they are sent to. */
async function pressButton(url: string, platform: string) {
  const client = new Browser();
  const page = await client.page(url);
  const pressed = await client.post(`${new URL(url).pathname}/connect`, {
    csrf: hiddenField(page.text, "csrf"),
    platform,
  });
  expect(pressed.status).toBe(303);
  return { client, authorize: new URL(pressed.headers.get("location")!) };
}

describe("a client invite on a deployment with real platforms (platforms scripted)", () => {
  it("sends the client to X's own consent page and lands the account in the owner's group", async () => {
    const owner = await inviteFor("twitter");
    expect(owner.url).toMatch(/^https:\/\/herald\.test\/invite\//);
    const { client, authorize } = await pressButton(owner.url, "twitter");
    expect(authorize.origin + authorize.pathname).toBe("https://x.com/i/oauth2/authorize");
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://herald.test/api/v1/connect/twitter/callback");

    const wire = scriptWorkerFetch([
      {
        expect: "POST https://api.x.com/2/oauth2/token",
        answer: json(200, { token_type: "bearer", expires_in: 7200, access_token: "AT", refresh_token: "RT" }),
      },
      {
        expect: "GET https://api.x.com/2/users/me?user.fields=subscription_type,username,name",
        answer: json(200, { data: { id: "7700", name: "Acme on X", username: "acme" } }),
      },
    ]);
    const back = await client.page(
      `/api/v1/connect/twitter/callback?state=${authorize.searchParams.get("state")}&code=from-x`,
    );
    expect(back.status).toBe(200);
    expect(back.text).toContain("Connected Acme on X (X) to Acme.");
    expect(wire.sent).toHaveLength(2);
    const accounts = await api("GET", "/api/v1/connected-accounts", { key: owner.key });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ platform_user_id: "7700", group_id: owner.groupId, status: "active" }),
    ]);
  });

  it("takes LinkedIn personal profiles only: the pages the member administers are left out and take no place", async () => {
    const owner = await inviteFor("linkedin");
    const { client, authorize } = await pressButton(owner.url, "linkedin");
    expect(authorize.origin).toBe("https://www.linkedin.com");
    scriptWorkerFetch([
      {
        expect: "POST https://www.linkedin.com/oauth/v2/accessToken",
        answer: json(200, { access_token: "li-AT", expires_in: 5184000, refresh_token: "li-RT" }),
      },
      { expect: "GET https://api.linkedin.com/v2/userinfo", answer: json(200, { sub: "m-77", name: "Client Member" }) },
      {
        expect: "GET https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED",
        answer: json(200, {
          elements: [{ organization: "urn:li:organization:5", role: "ADMINISTRATOR", state: "APPROVED" }],
        }),
      },
      {
        expect: "GET https://api.linkedin.com/rest/organizations/5",
        answer: json(200, { id: 5, localizedName: "Org" }),
      },
    ]);
    const back = await client.page(
      `/api/v1/connect/linkedin/callback?state=${authorize.searchParams.get("state")}&code=from-li`,
    );
    expect(back.status).toBe(200);
    const accounts = await api("GET", "/api/v1/connected-accounts", { key: owner.key });
    expect(accounts.body.data.map((a: { platform_user_id: string }) => a.platform_user_id)).toEqual([
      "urn:li:person:m-77",
    ]);
    const [listed] = (await api("GET", "/api/v1/client-invites", { key: owner.key })).body.data;
    expect([listed.places_left, listed.accounts.length]).toEqual([4, 1]);
  });

  it("takes a place for each Facebook Page granted, all or none: more Pages than places connects nothing", async () => {
    const owner = await inviteFor("facebook", 2);
    const tooMany = await pressButton(owner.url, "facebook");
    scriptWorkerFetch(await facebookGrants({ 11: "Bakery", 12: "Café", 13: "Deli" }, "three"));
    const refused = await tooMany.client.page(
      `/api/v1/connect/facebook/callback?state=${tooMany.authorize.searchParams.get("state")}&code=three`,
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("This Facebook consent brings 3 accounts and the link has room for fewer");
    expect((await api("GET", "/api/v1/connected-accounts", { key: owner.key })).body.data).toEqual([]);
    expect((await api("GET", "/api/v1/client-invites", { key: owner.key })).body.data[0].places_left).toBe(2);
    vi.restoreAllMocks();

    const two = await pressButton(owner.url, "facebook");
    scriptWorkerFetch(await facebookGrants({ 11: "Bakery", 12: "Café" }, "two"));
    const back = await two.client.page(
      `/api/v1/connect/facebook/callback?state=${two.authorize.searchParams.get("state")}&code=two`,
    );
    expect(back.status).toBe(200);
    expect(back.text).toContain("Connected Bakery, Café (Facebook) to Acme.");
    const [listed] = (await api("GET", "/api/v1/client-invites", { key: owner.key })).body.data;
    expect([listed.state, listed.accounts.map((a: { name: string }) => a.name).sort()]).toEqual([
      "used_up",
      ["Bakery", "Café"],
    ]);
  });

  it("offers only platforms the deployment can connect", async () => {
    const owner = await liveUser("studio");
    const group = await api("POST", "/api/v1/account-groups", { key: owner.key, body: { name: "Acme" } });
    const rt = await createRuntime({ ...env, X_CLIENT_ID: "" } as Env);
    const refused = await createClientInvite(
      rt,
      { userId: owner.userId, plan: "studio" },
      { group_id: group.body.data.id, platforms: ["instagram", "twitter"] },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).extra.issues).toEqual([
      { path: "platforms.1", message: expect.stringContaining("twitter cannot be connected on this deployment") },
    ]);
    expect((await api("GET", "/api/v1/client-invites", { key: owner.key })).body.data).toEqual([]);
  });
});

/**
 * Each invite platform's side of one consent answered with `code-from-<platform>`, for an identity whose id ends in
 * `n` (identities stay apart across this file's tests), and the account's name.
 */
const CONSENTS: Record<
  InvitePlatform,
  { name: string; id: (n: string) => string; script: (n: string) => Promise<Exchange[]> }
> = {
  twitter: {
    name: "Acme on X",
    id: (n) => `770${n}`,
    script: async (n) => [
      {
        expect: "POST https://api.x.com/2/oauth2/token",
        answer: json(200, { token_type: "bearer", expires_in: 7200, access_token: "AT", refresh_token: "RT" }),
      },
      {
        expect: "GET https://api.x.com/2/users/me?user.fields=subscription_type,username,name",
        answer: json(200, { data: { id: `770${n}`, name: "Acme on X", username: "acme" } }),
      },
    ],
  },
  linkedin: {
    name: "Client Member",
    id: (n) => `urn:li:person:m-7${n}`,
    script: async (n) => [
      {
        expect: "POST https://www.linkedin.com/oauth/v2/accessToken",
        answer: json(200, { access_token: "li-AT", expires_in: 5184000, scope: "openid,profile,w_member_social" }),
      },
      {
        expect: "GET https://api.linkedin.com/v2/userinfo",
        answer: json(200, { sub: `m-7${n}`, name: "Client Member" }),
      },
      {
        expect: "GET https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED",
        answer: json(200, { elements: [] }),
      },
    ],
  },
  facebook: { name: "Bakery", id: (n) => `11${n}`, script: (n) => facebookGrants({ [`11${n}`]: "Bakery" }) },
  instagram: {
    name: "Acme Bakes",
    id: (n) => `90${n}`,
    script: async (n) => [
      {
        expect: "POST https://api.instagram.com/oauth/access_token",
        answer: json(200, { access_token: "ig-short", user_id: `90${n}` }),
      },
      {
        expect:
          "GET https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=herald-ig-secret&access_token=ig-short",
        answer: json(200, { access_token: "ig-long", token_type: "bearer", expires_in: 5183944 }),
      },
      {
        expect: "GET https://graph.instagram.com/v26.0/me?fields=user_id%2Cusername%2Cname&access_token=ig-long",
        answer: json(200, { user_id: `90${n}`, id: "scoped-90", username: "acmebakes", name: "Acme Bakes" }),
      },
    ],
  },
  pinterest: {
    name: "Acme Pins",
    id: (n) => `278313612114631175${n}`,
    script: async (n) => [
      {
        expect: "POST https://api.pinterest.com/v5/oauth/token",
        answer: json(200, { access_token: "pina_1", refresh_token: "pinr_1", expires_in: 2592000, scope: "x" }),
      },
      {
        expect: "GET https://api.pinterest.com/v5/user_account",
        answer: json(200, { id: `278313612114631175${n}`, username: "acmepins", business_name: "Acme Pins" }),
      },
      { expect: "GET https://api.pinterest.com/v5/boards?page_size=250", answer: json(200, { items: [] }) },
    ],
  },
};

describe.each(INVITE_PLATFORMS)("%s connects both ways in (platform scripted)", (platform) => {
  const consent = CONSENTS[platform];

  it("through a client's invite: the account lands in the owner's group", async () => {
    const owner = await inviteFor(platform);
    const { client, authorize } = await pressButton(owner.url, platform);
    scriptWorkerFetch(await consent.script("1"));
    const back = await client.page(
      `/api/v1/connect/${platform}/callback?state=${authorize.searchParams.get("state")}&code=code-from-${platform}`,
    );
    expect(back.status, back.text).toBe(200);
    const accounts = await api("GET", "/api/v1/connected-accounts", { key: owner.key });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({
        platform,
        name: consent.name,
        platform_user_id: consent.id("1"),
        group_id: owner.groupId,
      }),
    ]);
  });

  it("through the owner's own consent", async () => {
    const { key } = await liveUser("studio");
    const { callback } = await connectThroughConsent(platform, key, await consent.script("2"));
    expect(callback.status, JSON.stringify(callback.body)).toBe(201);
    expect(callback.body.data).toMatchObject({ platform, name: consent.name, platform_user_id: consent.id("2") });
  });
});
