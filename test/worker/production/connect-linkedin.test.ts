import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import {
  connectThroughConsent,
  credentialsRow,
  expireSoon,
  liveUser,
  runTokenRefresh,
  scriptWorkerFetch,
} from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const TOKEN = "POST https://www.linkedin.com/oauth/v2/accessToken";
const CALLBACK = "https://herald.test/api/v1/connect/linkedin/callback";

const tokens = (n: number): Exchange => ({
  expect: TOKEN,
  answer: json(200, {
    access_token: `li-AT-${n}`,
    expires_in: 5184000,
    refresh_token: "li-RT",
    refresh_token_expires_in: 31536000,
    scope: "openid,profile,w_member_social,w_organization_social,r_organization_social,rw_organization_admin",
  }),
});

/** What LinkedIn answers after the token: the member, the pages they administer, and each page's name. */
function member(sub: string, organizations: Record<string, string>): Exchange[] {
  return [
    {
      expect: "GET https://api.linkedin.com/v2/userinfo",
      answer: json(200, { sub, name: `Member ${sub}`, given_name: "Member", family_name: sub }),
    },
    {
      expect: "GET https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED",
      answer: json(200, {
        elements: Object.keys(organizations).map((id) => ({
          organization: `urn:li:organization:${id}`,
          role: "ADMINISTRATOR",
          state: "APPROVED",
        })),
      }),
    },
    ...Object.entries(organizations).map(([id, localizedName]) => ({
      expect: `GET https://api.linkedin.com/rest/organizations/${id}`,
      answer: json(200, { id: Number(id), localizedName }),
    })),
  ];
}

const connectLinkedIn = (key: string, sub: string, organizations: Record<string, string> = {}, n = 1) =>
  connectThroughConsent("linkedin", key, [tokens(n), ...member(sub, organizations)]);

const accountsOf = async (key: string) =>
  (await api("GET", "/api/v1/connected-accounts?platform=linkedin", { key })).body.data as Record<string, any>[];

describe("connecting LinkedIn end to end (3-legged OAuth, LinkedIn scripted)", () => {
  it("sends the member to LinkedIn, then connects them and the company pages they administer", async () => {
    const { userId, key } = await liveUser();
    const { url, state, callback, wire } = await connectLinkedIn(key, "ada1", { "5515715": "Analytical Engines" });

    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/oauth/v2/authorization");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "herald-li-client",
      redirect_uri: CALLBACK,
      state,
      scope: "openid profile w_member_social w_organization_social r_organization_social rw_organization_admin",
    });
    const pending = await env.DB.prepare("SELECT * FROM connect_states WHERE user_id = ?").bind(userId).all();
    expect(pending.results).toHaveLength(0);

    expect(wire.sent[0]!.body).toEqual({
      grant_type: "authorization_code",
      code: "code-from-linkedin",
      redirect_uri: CALLBACK,
      client_id: "herald-li-client",
      client_secret: "herald-li-secret",
    });
    expect(wire.sent.slice(1).map((s) => s.headers.authorization)).toEqual([
      "Bearer li-AT-1",
      "Bearer li-AT-1",
      "Bearer li-AT-1",
    ]);

    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({
      platform: "linkedin",
      name: "Member ada1",
      platform_user_id: "urn:li:person:ada1",
      text_limit: 3000,
      status: "active",
    });
    expect(callback.body.data.also_connected).toMatchObject([
      { platform: "linkedin", name: "Analytical Engines", platform_user_id: "urn:li:organization:5515715" },
    ]);
    expect(JSON.stringify(callback.body)).not.toMatch(/li-AT|li-RT|herald-li-secret/);

    for (const account of [callback.body.data, ...callback.body.data.also_connected]) {
      const stored = await credentialsRow(account.id);
      expect(stored!.sealed).toMatch(/^v1\./);
      expect(stored!.sealed).not.toMatch(/li-AT|li-RT/);
      expect(stored!.expires_at).toBeGreaterThan(Date.now() + 5_000_000_000);
    }
  });

  it("reconnecting refreshes the same accounts; a page another user holds refuses the whole connection", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const first = await connectLinkedIn(alice.key, "alice", { "100": "Shared Page" });
    expect(first.callback.status).toBe(201);

    const again = await connectLinkedIn(alice.key, "alice", { "100": "Shared Page (renamed)" }, 2);
    expect(again.callback.status).toBe(200);
    expect(again.callback.body.data.id).toBe(first.callback.body.data.id);
    expect(again.callback.body.data.also_connected[0]).toMatchObject({
      id: first.callback.body.data.also_connected[0].id,
      name: "Shared Page (renamed)",
    });

    // Bob administers the same page: nothing of his is connected, not even his own profile.
    const stolen = await connectLinkedIn(bob.key, "bob", { "100": "Shared Page" });
    expect([stolen.callback.status, stolen.callback.body.error.code]).toEqual([409, "account_taken"]);
    expect(stolen.callback.body.error.message).toContain("Shared Page");
    expect(await accountsOf(bob.key)).toEqual([]);
    // Both of Alice's accounts were made in one batch, at the same moment: the list does not order them.
    expect((await accountsOf(alice.key)).map((a) => a.platform_user_id).sort()).toEqual([
      "urn:li:organization:100",
      "urn:li:person:alice",
    ]);
  });

  it("connects nothing when the new accounts do not all fit in the plan", async () => {
    const { key } = await liveUser("free"); // 3 accounts
    const res = await connectLinkedIn(key, "many", { "201": "One", "202": "Two", "203": "Three" });
    expect([res.callback.status, res.callback.body.error.code]).toEqual([403, "feature_disabled"]);
    expect(res.callback.body.error.message).toBe(
      "Connected accounts: the free plan holds at most 3; this connection brings 4 new accounts and there is room for 3",
    );
    expect(await accountsOf(key)).toEqual([]);
  });

  it("reconnecting a disconnected identity counts against the plan's account limit like a new connection", async () => {
    const { key } = await liveUser("free"); // 3 accounts
    const ids: string[] = [];
    for (const [n, sub] of ["a", "b", "c"].entries()) {
      const res = await connectLinkedIn(key, sub, {}, n);
      expect(res.callback.status).toBe(201);
      ids.push(res.callback.body.data.id);
    }
    expect((await api("DELETE", `/api/v1/connected-accounts/${ids[0]}`, { key })).status).toBe(200);
    expect((await connectLinkedIn(key, "d", {}, 4)).callback.status).toBe(201);

    const back = await connectLinkedIn(key, "a", {}, 5);
    expect([back.callback.status, back.callback.body.error.code]).toEqual([403, "feature_disabled"]);
    const statuses = Object.fromEntries((await accountsOf(key)).map((x) => [x.platform_user_id, x.status]));
    expect(statuses).toEqual({
      "urn:li:person:a": "disconnected",
      "urn:li:person:b": "active",
      "urn:li:person:c": "active",
      "urn:li:person:d": "active",
    });
  });

  it("posts as the page with the stored token; the hourly job refreshes it, and a refused refresh asks to reconnect", async () => {
    const { key } = await liveUser();
    const { callback } = await connectLinkedIn(key, "poster", { "777": "Posting Page" });
    const page = callback.body.data.also_connected[0];

    let wire = scriptWorkerFetch([
      {
        expect: "POST https://api.linkedin.com/rest/posts",
        answer: json(201, {}, { "x-restli-id": "urn:li:share:6844785523593134080" }),
      },
    ]);
    const post = await createPost(key, {
      text: "Launch day",
      platforms: [{ platform: "linkedin", account_id: page.id }],
      schedule_type: "immediate",
    });
    const published = await settled(key, post.id);
    expect(published.status).toBe("published");
    expect(wire.sent[0]!.headers.authorization).toBe("Bearer li-AT-1");
    expect(wire.sent[0]!.body).toMatchObject({ author: "urn:li:organization:777", commentary: "Launch day" });
    vi.restoreAllMocks();

    await expireSoon(page.id);
    wire = scriptWorkerFetch([tokens(2)]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 1, reauth_required: 0 });
    expect(wire.sent[0]!.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "li-RT",
      client_id: "herald-li-client",
      client_secret: "herald-li-secret",
    });
    expect((await credentialsRow(page.id))!.expires_at).toBeGreaterThan(Date.now() + 5_000_000_000);
    vi.restoreAllMocks();

    await expireSoon(page.id);
    scriptWorkerFetch([
      {
        expect: TOKEN,
        answer: json(400, { error: "invalid_grant", error_description: "The provided authorization grant is revoked" }),
      },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 0, reauth_required: 1 });
    const account = await api("GET", `/api/v1/connected-accounts/${page.id}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
    const memberAccount = await api("GET", `/api/v1/connected-accounts/${callback.body.data.id}`, { key });
    expect(memberAccount.body.data.status).toBe("active");
  });
});
