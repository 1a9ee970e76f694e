import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { credentialsRow, liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const SITE = "https://blog.herald.example";
const WP = `${SITE}/wp-json/wp/v2`;
const LEMMY = "https://lemmy.herald.example/api/v3";

const accountsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT * FROM accounts WHERE user_id = ?").bind(userId).all()).results;

const wordpress = { site_url: SITE, username: "editor", application_password: "abcd efgh ijkl mnop qrst uvwx" };

describe("connecting the credential-form text platforms (platforms scripted)", () => {
  it("connects WordPress with an application password, lists categories as destinations, stores it encrypted", async () => {
    const { key } = await liveUser();
    const wire = scriptWorkerFetch([
      { expect: `GET ${WP}/users/me?context=edit`, answer: json(200, { id: 2, name: "Eddie Editor" }) },
      {
        expect: `GET ${WP}/categories?per_page=100&_fields=id,name`,
        answer: json(200, [{ id: 5, name: "News" }]),
      },
    ]);
    const res = await api("POST", "/api/v1/connect/wordpress", { key, body: wordpress });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      platform: "wordpress",
      platform_user_id: "2@blog.herald.example",
      name: "Eddie Editor on blog.herald.example",
      status: "active",
    });
    expect(wire.sent[0]!.headers.authorization).toBe(`Basic ${btoa("editor:abcd efgh ijkl mnop qrst uvwx")}`);
    const stored = await credentialsRow(res.body.data.id);
    expect(stored!.sealed).not.toContain("abcd efgh");
    expect(JSON.stringify(res.body)).not.toContain("abcd efgh");

    // The destinations route reads the categories from the site once, then answers from its 5-minute cache.
    vi.restoreAllMocks();
    const listing = scriptWorkerFetch([
      {
        expect: `GET ${WP}/categories?per_page=100&_fields=id,name`,
        answer: json(200, [
          { id: 5, name: "News" },
          { id: 6, name: "Releases" },
        ]),
      },
    ]);
    const path = `/api/v1/composer-platform-parts/destinations/${res.body.data.id}`;
    const listed = await api("GET", path, { key });
    const cached = await api("GET", path, { key });
    expect(listed.body.data).toEqual({
      mode: "list",
      destinations: [
        { id: "5", label: "News" },
        { id: "6", label: "Releases" },
      ],
    });
    expect(cached.body.data).toEqual(listed.body.data);
    expect(listing.sent).toHaveLength(1);
  });

  it("refuses a site or instance on a private address before calling it, naming the field, and stores nothing", async () => {
    const { userId, key } = await liveUser();
    const wire = scriptWorkerFetch([]);
    const cases: [string, Record<string, string>, string][] = [
      ["wordpress", { ...wordpress, site_url: "https://10.1.2.3/wp" }, "site_url"],
      ["lemmy", { instance_url: "https://localhost:8536", username_or_email: "a", password: "b" }, "instance_url"],
      ["listmonk", { instance_url: "https://[fd00::1]", api_user: "a", api_token: "b" }, "instance_url"],
    ];
    for (const [platform, body, field] of cases) {
      const res = await api("POST", `/api/v1/connect/${platform}`, { key, body });
      expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
        400,
        "validation_error",
        field,
      ]);
    }
    expect(wire.sent).toEqual([]);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("says what the platform said when it refuses the login, and stores nothing", async () => {
    const { userId, key } = await liveUser();
    scriptWorkerFetch([
      {
        expect: `GET ${WP}/users/me?context=edit`,
        answer: json(401, {
          code: "incorrect_password",
          message: "The provided password is an invalid application password.",
        }),
      },
      { expect: `POST ${LEMMY}/user/login`, answer: json(400, { error: "incorrect_login" }) },
      { expect: "GET https://dev.to/api/users/me", answer: json(503, { error: "Service Unavailable" }) },
    ]);
    const wp = await api("POST", "/api/v1/connect/wordpress", { key, body: wordpress });
    expect([wp.status, wp.body.error.code]).toEqual([400, "connect_refused"]);
    expect(wp.body.error.message).toContain("invalid application password");
    const lemmy = await api("POST", "/api/v1/connect/lemmy", {
      key,
      body: { instance_url: "https://lemmy.herald.example", username_or_email: "herald", password: "nope" },
    });
    expect([lemmy.status, lemmy.body.error.code]).toEqual([400, "connect_refused"]);
    expect(lemmy.body.error.message).toContain("incorrect_login");
    const dev = await api("POST", "/api/v1/connect/devto", { key, body: { api_key: "dev-key-0123456789" } });
    expect([dev.status, dev.body.error.code]).toEqual([502, "platform_unreachable"]);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("connects Lemmy keeping the session token and never the password", async () => {
    const { key } = await liveUser();
    scriptWorkerFetch([
      { expect: `POST ${LEMMY}/user/login`, answer: json(200, { jwt: "lemmy-jwt", registration_created: false }) },
      {
        expect: `GET ${LEMMY}/site`,
        answer: json(200, {
          my_user: {
            local_user_view: {
              person: { id: 5, name: "herald", actor_id: "https://lemmy.herald.example/u/herald" },
            },
          },
        }),
      },
      {
        expect: `GET ${LEMMY}/community/list?type_=Subscribed&sort=Active&limit=50`,
        answer: json(200, { communities: [] }),
      },
    ]);
    const res = await api("POST", "/api/v1/connect/lemmy", {
      key,
      body: { instance_url: "https://lemmy.herald.example", username_or_email: "herald", password: "hunter22" },
    });
    expect([res.status, res.body.data.platform_user_id]).toEqual([201, "https://lemmy.herald.example/u/herald"]);
    const stored = await credentialsRow(res.body.data.id);
    expect(stored!.sealed).not.toMatch(/hunter22|lemmy-jwt/);
    expect(stored!.expires_at).toBeNull();
  });
});
