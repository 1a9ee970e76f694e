import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { CALLBACK, facebookGrants, GRAPH, proof } from "../helpers/facebook";
import { json } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import { connectThroughConsent, credentialsRow, liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const connectFacebook = async (key: string, pages: Record<string, string>) =>
  connectThroughConsent("facebook", key, await facebookGrants(pages));

describe("connecting Facebook Pages end to end (Facebook Login, Facebook scripted)", () => {
  it("sends the user to the Login dialog, then connects each Page granted as an account with its Page token", async () => {
    const { key } = await liveUser();
    const { url, state, callback, wire } = await connectFacebook(key, { "1111": "Bakery", "2222": "Cafe" });

    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1001001",
      redirect_uri: CALLBACK,
      state,
      response_type: "code",
      scope: "pages_show_list,pages_manage_posts,pages_read_engagement,pages_manage_engagement",
    });
    expect(wire.sent).toHaveLength(3);

    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({ platform: "facebook", name: "Bakery", platform_user_id: "1111" });
    expect(callback.body.data.also_connected).toMatchObject([
      { platform: "facebook", name: "Cafe", platform_user_id: "2222", status: "active" },
    ]);
    expect(JSON.stringify(callback.body)).not.toMatch(/fb-user|fb-page|herald-meta-secret/);
    for (const page of [callback.body.data, ...callback.body.data.also_connected]) {
      const stored = await credentialsRow(page.id);
      expect(stored!.sealed).not.toMatch(/fb-page|fb-user/);
      expect(stored!.expires_at).toBeNull(); // Page tokens from a long-lived user token do not expire
    }
  });

  it("reconnecting refreshes the Pages; a Page another user holds refuses the whole connection", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const first = await connectFacebook(alice.key, { "3333": "Shared", "4444": "Alice's own" });
    expect(first.callback.status).toBe(201);
    const again = await connectFacebook(alice.key, { "3333": "Shared", "4444": "Alice's own" });
    expect([again.callback.status, again.callback.body.data.id]).toEqual([200, first.callback.body.data.id]);

    const stolen = await connectFacebook(bob.key, { "5555": "Bob's own", "3333": "Shared" });
    expect([stolen.callback.status, stolen.callback.body.error.code]).toEqual([409, "account_taken"]);
    const bobs = await api("GET", "/api/v1/connected-accounts", { key: bob.key });
    expect(bobs.body.data).toEqual([]);
  });

  it("publishes to the Page with its own token, and a Page token Facebook stops accepting asks to reconnect", async () => {
    const { key } = await liveUser();
    const { callback } = await connectFacebook(key, { "6666": "Launch Page" });
    const pageId = callback.body.data.id as string;
    const publish = (text: string) =>
      createPost(key, { text, platforms: [{ platform: "facebook", account_id: pageId }], schedule_type: "immediate" });

    let wire = scriptWorkerFetch([{ expect: `POST ${GRAPH}/6666/feed`, answer: json(200, { id: "6666_1" }) }]);
    expect((await settled(key, (await publish("Open today")).id)).status).toBe("published");
    expect(wire.sent[0]!.body).toEqual({
      message: "Open today",
      access_token: "fb-page-6666",
      appsecret_proof: await proof("fb-page-6666"),
    });
    vi.restoreAllMocks();

    // The Page's token was invalidated (a password change, a role removed): there is no refresh for it.
    wire = scriptWorkerFetch([
      {
        expect: `POST ${GRAPH}/6666/feed`,
        answer: json(400, {
          error: { message: "Error validating access token: The session has been invalidated", code: 190 },
        }),
      },
    ]);
    const failed = await settled(key, (await publish("Closed tomorrow")).id);
    expect(failed.platforms[0].error.code).toBe("reauth_required");
    expect(wire.sent).toHaveLength(1);
    const account = await api("GET", `/api/v1/connected-accounts/${pageId}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
  });
});
