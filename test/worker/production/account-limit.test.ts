import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fillAccounts } from "../helpers/accounts";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveUser, openStart } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/**
 * X answering every consent at once, each by its own code: the token exchange gives a token named after the code,
 * and the user lookup answers the identity named after that token, so every callback brings another account.
 */
function xAnsweringEveryCode(round: number) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as string, init);
    if (request.method === "POST" && request.url === "https://api.x.com/2/oauth2/token") {
      const code = new URLSearchParams(await request.text()).get("code");
      return json(200, {
        token_type: "bearer",
        expires_in: 7200,
        access_token: `AT-${code}`,
        refresh_token: `RT-${code}`,
        scope: "tweet.read",
      })();
    }
    if (request.method === "GET" && request.url.startsWith("https://api.x.com/2/users/me")) {
      const token = request.headers.get("authorization")!.replace("Bearer ", "");
      return json(200, {
        data: { id: `77${round}${token.replace(/\D/g, "")}`, name: token, username: token, subscription_type: "None" },
      })();
    }
    throw new Error(`unexpected request: ${request.method} ${request.url}`);
  });
}

const activeAccounts = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts WHERE user_id = ? AND status != 'disconnected'")
    .bind(userId)
    .first<number>("n"))!;

describe("the plan's account limit under concurrent connects (the owner's own consents)", () => {
  it("8 callbacks at once for one free place: exactly one connects, the others are 403 and write nothing, every round", async () => {
    for (let round = 0; round < 5; round++) {
      const { userId, key } = await liveUser("creator"); // Creator holds 10
      await fillAccounts(userId, 9);
      const consents = [];
      for (let i = 0; i < 8; i++) {
        const start = await api("GET", "/api/v1/connect/twitter", { key });
        expect(start.status).toBe(200);
        const { browser, url } = await openStart(key, start.body.data.authorization_url);
        consents.push({ browser, state: url.searchParams.get("state")!, code: `${round}${i}` });
      }
      xAnsweringEveryCode(round);
      const answers = await Promise.all(
        consents.map(({ browser, state, code }) =>
          browser.json(`/api/v1/connect/twitter/callback?state=${state}&code=code-${code}`),
        ),
      );
      vi.restoreAllMocks();
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
      for (const refused of answers.filter((a) => a.status === 403)) {
        expect(refused.body.error.code).toBe("feature_disabled");
      }
      expect(await activeAccounts(userId)).toBe(10);
      const stored = await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM account_credentials c JOIN accounts a ON a.id = c.account_id WHERE a.user_id = ?",
      )
        .bind(userId)
        .first<number>("n");
      expect(stored).toBe(1);
    }
  });
});
