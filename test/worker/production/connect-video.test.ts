import type { youtube_v3 } from "@googleapis/youtube";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { type Answer, type Exchange, json } from "../helpers/platform";
import { pngOf } from "../helpers/png";
import { createPost, settled } from "../helpers/posts";
import {
  challengeOf,
  connectThroughConsent,
  credentialsRow,
  expireSoon,
  liveUser,
  runTokenRefresh,
  scriptWorkerFetch,
} from "../helpers/production";
import { eventually } from "../helpers/wait";

// TikTok, YouTube, Pinterest and Dribbble connected and posted to as deployed (no sandbox), each platform's
// side scripted from the answers its documentation shows.

afterEach(() => vi.restoreAllMocks());

const callbackOf = (platform: string) => `https://herald.test/api/v1/connect/${platform}/callback`;
let nextId = 1;
const fresh = (prefix: string) => `${prefix}-${nextId++}-${Date.now()}`;

/** The stored credentials are sealed and hold none of the tokens in the clear. */
async function expectSealed(accountId: string, ...secrets: string[]) {
  const stored = await credentialsRow(accountId);
  expect(stored!.sealed).toMatch(/^v1\./);
  for (const secret of secrets) expect(stored!.sealed).not.toContain(secret);
  return stored!;
}

const video =
  (size: number): Answer =>
  () =>
    new Response(new Uint8Array(size).fill(5), {
      headers: { "content-type": "video/mp4", "content-length": String(size) },
    });

describe("TikTok end to end", () => {
  const API = "https://open.tiktokapis.com";
  const UPLOAD_URL = "https://open-upload.tiktokapis.com/video/?upload_id=1&upload_token=t";
  const tokens = (n: number): Exchange => ({
    expect: `POST ${API}/v2/oauth/token/`,
    answer: json(200, {
      access_token: `act.${n}`,
      expires_in: 86400,
      open_id: "o",
      refresh_token: `rft.${n}`,
      refresh_expires_in: 31536000,
      scope: "user.info.basic,video.publish,video.upload,video.list",
      token_type: "Bearer",
    }),
  });
  const connectTikTok = (key: string, openId: string) =>
    connectThroughConsent("tiktok", key, [
      tokens(1),
      {
        expect: `GET ${API}/v2/user/info/?fields=open_id,display_name`,
        answer: json(200, {
          data: { user: { open_id: openId, display_name: "Herald on TikTok" } },
          error: { code: "ok" },
        }),
      },
    ]);

  it("connects through TikTok's consent page, storing the tokens encrypted", async () => {
    const { key } = await liveUser();
    const openId = fresh("open");
    const { url, state, callback, wire } = await connectTikTok(key, openId);
    expect(url.origin + url.pathname).toBe("https://www.tiktok.com/v2/auth/authorize/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: "herald-tiktok-key",
      scope: "user.info.basic,video.publish,video.upload,video.list",
      response_type: "code",
      redirect_uri: callbackOf("tiktok"),
      state,
    });
    expect(wire.sent[0]!.body).toMatchObject({ client_key: "herald-tiktok-key", code: "code-from-tiktok" });
    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({ platform: "tiktok", platform_user_id: openId, text_limit: 2200 });
    const stored = await expectSealed(callback.body.data.id, "act.1", "rft.1");
    expect(stored.expires_at).toBeGreaterThan(Date.now() + 86_000_000);
  });

  it("posts a video in chunks with the stored token; the hourly job refreshes it; a refused refresh asks to reconnect", async () => {
    const { key } = await liveUser();
    const { callback } = await connectTikTok(key, fresh("open"));
    const accountId = callback.body.data.id as string;

    const wire = scriptWorkerFetch([
      {
        expect: `POST ${API}/v2/post/publish/creator_info/query/`,
        answer: json(200, {
          data: { creator_username: "herald", privacy_level_options: ["PUBLIC_TO_EVERYONE", "SELF_ONLY"] },
          error: { code: "ok" },
        }),
      },
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(1000) },
      {
        expect: `POST ${API}/v2/post/publish/video/init/`,
        answer: json(200, { data: { publish_id: "v_pub_file~1", upload_url: UPLOAD_URL }, error: { code: "ok" } }),
      },
      { expect: `PUT ${UPLOAD_URL}`, answer: () => new Response(null, { status: 201 }) },
      {
        expect: `POST ${API}/v2/post/publish/status/fetch/`,
        answer: json(200, {
          data: { status: "PUBLISH_COMPLETE", publicaly_available_post_id: ["7400000000000000001"] },
          error: { code: "ok" },
        }),
      },
    ]);
    const post = await createPost(key, {
      text: "Launch #fyp",
      platforms: [{ platform: "tiktok", account_id: accountId, metadata: { privacy_level: "SELF_ONLY" } }],
      media: [{ type: "video", url: "https://cdn.example.com/launch.mp4", cover_time_ms: 1200 }],
      schedule_type: "immediate",
    });
    const published = await settled(key, post.id);
    expect(published.platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: "7400000000000000001",
      url: "https://www.tiktok.com/@herald/video/7400000000000000001",
    });
    expect(wire.sent[0]!.headers.authorization).toBe("Bearer act.1");
    expect((wire.sent[2]!.body as any).post_info).toMatchObject({
      privacy_level: "SELF_ONLY",
      video_cover_timestamp_ms: 1200,
    });
    vi.restoreAllMocks();

    await expireSoon(accountId);
    let refresh = scriptWorkerFetch([tokens(2)]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 1, reauth_required: 0 });
    expect(refresh.sent[0]!.body).toMatchObject({ grant_type: "refresh_token", refresh_token: "rft.1" });
    await expectSealed(accountId, "act.2", "rft.2");
    vi.restoreAllMocks();

    await expireSoon(accountId);
    refresh = scriptWorkerFetch([
      {
        expect: `POST ${API}/v2/oauth/token/`,
        answer: json(400, { error: "invalid_grant", error_description: "Refresh token is invalid or expired." }),
      },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 0, reauth_required: 1 });
    const account = await api("GET", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
  });
});

describe("YouTube end to end", () => {
  const connectYouTube = (key: string, channel: string) =>
    connectThroughConsent("youtube", key, [
      {
        expect: "POST https://oauth2.googleapis.com/token",
        answer: json(200, {
          access_token: "ya29.one",
          expires_in: 3599,
          refresh_token: "1//yt-refresh",
          token_type: "Bearer",
        }),
      },
      {
        expect: "GET https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true",
        answer: json(200, {
          items: [{ id: channel, snippet: { title: "Herald Channel" } }],
        } satisfies youtube_v3.Schema$ChannelListResponse),
      },
    ]);

  it("connects with PKCE: the code goes back with the verifier whose S256 hash Google was shown", async () => {
    const { key } = await liveUser();
    const { url, callback, wire } = await connectYouTube(key, fresh("UC"));
    expect(url.searchParams.get("client_id")).toBe("herald-yt-client");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("access_type")).toBe("offline");
    const exchange = wire.sent[0]!.body as Record<string, string>;
    expect(await challengeOf(exchange.code_verifier!)).toBe(url.searchParams.get("code_challenge"));
    expect(exchange).toMatchObject({ client_secret: "herald-yt-secret", redirect_uri: callbackOf("youtube") });
    expect([callback.status, callback.body.data.name]).toEqual([201, "Herald Channel"]);
    await expectSealed(callback.body.data.id, "ya29.one", "1//yt-refresh");
  });

  it("uploads the post's video resumably, and revokes the grant when the account is disconnected", async () => {
    const { key } = await liveUser();
    const { callback } = await connectYouTube(key, fresh("UC"));
    const accountId = callback.body.data.id as string;
    const session = "https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&upload_id=abc";
    const wire = scriptWorkerFetch([
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(2048) },
      {
        expect: "POST https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status",
        answer: () => new Response(null, { status: 200, headers: { location: session } }),
      },
      {
        expect: `PUT ${session}`,
        answer: json(200, { kind: "youtube#video", id: "dQw4w9WgXcQ" } satisfies youtube_v3.Schema$Video),
      },
    ]);
    const post = await createPost(key, {
      text: "Our launch video",
      platforms: [
        { platform: "youtube", account_id: accountId, metadata: { title: "Launch", privacy_status: "unlisted" } },
      ],
      media: [{ type: "video", url: "https://cdn.example.com/launch.mp4" }],
      schedule_type: "immediate",
    });
    const published = await settled(key, post.id);
    expect(published.platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: "dQw4w9WgXcQ",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect((wire.sent[1]!.body as any).snippet.title).toBe("Launch");
    expect(wire.sent[2]!.headers["content-range"]).toBe("bytes 0-2047/2048");
    vi.restoreAllMocks();

    const revocation = scriptWorkerFetch([
      { expect: "POST https://oauth2.googleapis.com/revoke", answer: json(200, {}) },
    ]);
    const res = await api("DELETE", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(res.body.data.status).toBe("disconnected");
    await eventually(async () => (revocation.sent.length === 1 ? true : undefined), "Google's revoke request");
    expect(revocation.sent[0]!.body).toEqual({ token: "1//yt-refresh" });
  });
});

describe("Pinterest end to end", () => {
  const API = "https://api.pinterest.com/v5";
  const connectPinterest = (key: string, userId: string, boards: { id: string; name: string }[]) =>
    connectThroughConsent("pinterest", key, [
      {
        expect: `POST ${API}/oauth/token`,
        answer: json(200, {
          access_token: "pina_one",
          refresh_token: "pinr_one",
          expires_in: 2592000,
          token_type: "bearer",
          scope: "boards:read,pins:read,pins:write,user_accounts:read",
        }),
      },
      {
        expect: `GET ${API}/user_account`,
        answer: json(200, { id: userId, username: "herald", account_type: "BUSINESS" }),
      },
      { expect: `GET ${API}/boards?page_size=250`, answer: json(200, { items: boards, bookmark: null }) },
    ]);

  it("connects with its boards as destinations, which the destinations route serves and refreshes", async () => {
    const { key } = await liveUser();
    const { callback, wire } = await connectPinterest(key, fresh("9"), [{ id: "111", name: "Recipes" }]);
    expect(wire.sent[0]!.headers.authorization).toBe(`Basic ${btoa("4004004:herald-pinterest-secret")}`);
    expect(callback.status).toBe(201);
    const accountId = callback.body.data.id as string;
    await expectSealed(accountId, "pina_one", "pinr_one");

    // Read from the platform once (a connection's list is not a read), then served from the row for 5 minutes.
    let boards = scriptWorkerFetch([
      { expect: `GET ${API}/boards?page_size=250`, answer: json(200, { items: [{ id: "111", name: "Recipes" }] }) },
    ]);
    const path = `/api/v1/composer-platform-parts/destinations/${accountId}`;
    expect((await api("GET", path, { key })).body.data).toEqual({
      mode: "list",
      destinations: [{ id: "111", label: "Recipes" }],
    });
    await api("GET", path, { key });
    expect(boards.sent).toHaveLength(1);
    vi.restoreAllMocks();
    boards = scriptWorkerFetch([
      {
        expect: `GET ${API}/boards?page_size=250`,
        answer: json(200, {
          items: [
            { id: "111", name: "Recipes" },
            { id: "222", name: "Travel" },
          ],
        }),
      },
    ]);
    const refreshed = await api("GET", `${path}?fresh=1`, { key });
    expect(refreshed.body.data.destinations).toHaveLength(2);
  });

  it("pins the post's image on the chosen board", async () => {
    const { key } = await liveUser();
    const { callback } = await connectPinterest(key, fresh("9"), [{ id: "333", name: "Launches" }]);
    const wire = scriptWorkerFetch([
      { expect: `POST ${API}/pins`, answer: json(201, { id: "813744226420795884", board_id: "333" }) },
    ]);
    const post = await createPost(key, {
      text: "A new look",
      platforms: [{ platform: "pinterest", account_id: callback.body.data.id, metadata: { destination_id: "333" } }],
      media: [{ type: "image", url: "https://cdn.example.com/look.jpg", alt_text: "Our new look" }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      url: "https://www.pinterest.com/pin/813744226420795884/",
    });
    expect(wire.sent[0]!.body).toMatchObject({
      board_id: "333",
      alt_text: "Our new look",
      media_source: { source_type: "image_url", url: "https://cdn.example.com/look.jpg" },
    });
  });

  it("pins a post that names no board on a board it makes for an account without one (#30 rule 12)", async () => {
    const { key } = await liveUser();
    const { callback } = await connectPinterest(key, fresh("9"), []);
    const wire = scriptWorkerFetch([
      { expect: `GET ${API}/boards?page_size=250`, answer: json(200, { items: [] }) },
      {
        expect: `GET ${API}/user_account`,
        answer: json(200, { id: "1", username: "herald", business_name: "Herald Studio" }),
      },
      { expect: `POST ${API}/boards`, answer: json(201, { id: "444", name: "Herald Studio" }) },
      { expect: `POST ${API}/pins`, answer: json(201, { id: "813744226420795885", board_id: "444" }) },
    ]);
    const post = await createPost(key, {
      text: "A new look",
      platforms: [{ platform: "pinterest", account_id: callback.body.data.id }],
      media: [{ type: "image", url: "https://cdn.example.com/look.jpg" }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({ status: "published" });
    expect(wire.sent[2]!.body).toEqual({ name: "Herald Studio", privacy: "PUBLIC" });
    expect(wire.sent[3]!.body).toMatchObject({ board_id: "444" });
  });
});

describe("Dribbble end to end", () => {
  it("connects (tokens that do not expire) and posts a shot of the right size", async () => {
    const { key } = await liveUser();
    const userId = 800_000 + nextId++;
    const { callback } = await connectThroughConsent("dribbble", key, [
      {
        expect: "POST https://dribbble.com/oauth/token",
        answer: json(200, { access_token: "drb-one", token_type: "bearer", scope: "public upload" }),
      },
      {
        expect: "GET https://api.dribbble.com/v2/user",
        answer: json(200, { id: userId, name: "Herald", login: "herald" }),
      },
    ]);
    expect(callback.status).toBe(201);
    const stored = await expectSealed(callback.body.data.id, "drb-one");
    expect(stored.expires_at).toBeNull();

    const shot = await pngOf(400, 300);
    const wire = scriptWorkerFetch([
      {
        expect: "GET https://cdn.example.com/shot.png",
        answer: () => new Response(shot, { headers: { "content-type": "image/png" } }),
      },
      {
        expect: "POST https://api.dribbble.com/v2/shots",
        answer: () =>
          new Response(null, { status: 202, headers: { location: "https://api.dribbble.com/v2/shots/471756" } }),
      },
    ]);
    const post = await createPost(key, {
      text: "Dashboard concept",
      platforms: [{ platform: "dribbble", account_id: callback.body.data.id, metadata: { tags: ["ui"] } }],
      media: [{ type: "image", url: "https://cdn.example.com/shot.png" }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: "471756",
    });
    expect(wire.sent[1]!.headers.authorization).toBe("Bearer drb-one");
  });
});
