import type {
  CommentResponse,
  GetPostResponse,
  GetSiteResponse,
  LemmyErrorType,
  ListCommunitiesResponse,
  LoginResponse,
  UploadImageResponse,
} from "lemmy-js-client";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/lib/errors";
import { LemmyAdapter } from "../../../src/platforms/fediverse/lemmy";
import type { PlatformAccount } from "../../../src/platforms/types";
import type { PartOf } from "../helpers/answers/part";
import { bytes, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers shaped as Lemmy's v3 API types (lemmy-js-client 0.19) and join-lemmy.org/api. */
const INSTANCE = "https://lemmy.herald.example";
const API = `${INSTANCE}/api/v3`;
const account: PlatformAccount = {
  id: "acct_lemmy",
  platform: "lemmy",
  platformUserId: `${INSTANCE}/u/herald`,
  subscriptionTier: null,
  destinations: [{ id: "12", label: "Self-hosting" }],
  credentials: { instanceUrl: INSTANCE, accessToken: "lemmy-jwt" },
};
const site = json(200, {
  version: "0.19.12",
  my_user: {
    local_user_view: { person: { id: 5, name: "herald", display_name: "Herald", actor_id: `${INSTANCE}/u/herald` } },
  },
} satisfies PartOf<GetSiteResponse>);
const communities = json(200, {
  communities: [
    { community: { id: 12, name: "selfhosted", title: "Self-hosting", actor_id: `${INSTANCE}/c/selfhosted` } },
    { community: { id: 40, name: "rust", title: "Rust", actor_id: "https://programming.dev/c/rust" } },
  ],
} satisfies PartOf<ListCommunitiesResponse>);
const LIST = `${API}/community/list?type_=Subscribed&sort=Active&limit=50`;
const postView = (id: number) =>
  json(200, {
    post_view: {
      post: { id, ap_id: `${INSTANCE}/post/${id}`, deleted: false, removed: false },
      counts: { post_id: id, score: 14, upvotes: 15, downvotes: 1, comments: 4 },
    },
  } satisfies PartOf<GetPostResponse>);
const lemmyError = (error: LemmyErrorType["error"]) => ({ error }) as LemmyErrorType;

describe("Lemmy adapter", () => {
  it("signs in once, keeps only the token, and lists subscribed communities as destinations", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/user/login`,
        answer: json(200, {
          jwt: "lemmy-jwt",
          registration_created: false,
          verify_email_sent: false,
        } satisfies LoginResponse),
      },
      { expect: `GET ${API}/site`, answer: site },
      { expect: `GET ${LIST}`, answer: communities },
    ]);
    const connected = await new LemmyAdapter(platform.deps).connection.verify({
      instance_url: `${INSTANCE}/c/selfhosted`,
      username_or_email: "herald",
      password: "correct horse",
      totp_2fa_token: "123456",
    });
    expect(connected).toEqual({
      credentials: { instanceUrl: INSTANCE, accessToken: "lemmy-jwt" },
      identity: {
        platformUserId: `${INSTANCE}/u/herald`,
        name: "Herald",
        subscriptionTier: null,
        destinations: [
          { id: "12", label: "Self-hosting (!selfhosted@lemmy.herald.example)" },
          { id: "40", label: "Rust (!rust@programming.dev)" },
        ],
      },
    });
    expect(platform.sent[0]!.body).toEqual({
      username_or_email: "herald",
      password: "correct horse",
      totp_2fa_token: "123456",
    });
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer lemmy-jwt");
    expect(JSON.stringify(connected.credentials)).not.toContain("correct horse");
  });

  it("refuses a wrong login with Lemmy's reason, and an instance on a private address before any request", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${API}/user/login`, answer: json(400, lemmyError("incorrect_login")) },
    ]);
    const adapter = new LemmyAdapter(platform.deps);
    const login = { username_or_email: "herald", password: "nope" };
    const wrong = await platformFailure(adapter.connection.verify({ instance_url: INSTANCE, ...login }));
    expect([wrong.failure, wrong.message]).toEqual(["refused", "Lemmy refused: incorrect_login"]);

    const local = await adapter.connection.verify({ instance_url: "https://127.0.0.1:8536", ...login }).catch((e) => e);
    expect(local).toBeInstanceOf(AppError);
    expect((local as AppError).message).toMatch(/^instance_url: must be a public https URL \(loopback address\)/);
    const stored = { ...account, credentials: { ...account.credentials, instanceUrl: "https://[::1]" } };
    expect((await platformFailure(adapter.listDestinations(stored))).code).toBe("SERVER_NOT_PUBLIC");
    expect(platform.sent).toHaveLength(1);
  });

  it("posts to the community with the title option, the text as body, and an image uploaded to pict-rs", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example/p.png", answer: bytes(3000, "image/png") },
      {
        expect: `POST ${INSTANCE}/pictrs/image`,
        answer: json(201, {
          msg: "ok",
          files: [{ file: "a1b2.png", delete_token: "tok" }],
        } satisfies UploadImageResponse),
      },
      { expect: `POST ${API}/post`, answer: postView(77) },
    ]);
    const result = await new LemmyAdapter(platform.deps).publish(account, {
      text: "Herald now posts to Lemmy.",
      media: [{ type: "image", url: "https://cdn.example/p.png" }],
      options: { title: "Herald 0.2" },
      destinationId: "12",
    });
    expect(result).toEqual({ platformPostId: "77", url: `${INSTANCE}/post/77` });
    expect(platform.sent[1]!.body).toEqual({ "images[]": { file: "p.png", type: "image/png", size: 3000 } });
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer lemmy-jwt");
    expect(platform.sent[2]!.body).toEqual({
      name: "Herald 0.2",
      community_id: 12,
      body: "Herald now posts to Lemmy.",
      url: `${INSTANCE}/pictrs/image/a1b2.png`,
    });
  });

  it("takes the text's first line as title when none is set", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${API}/post`, answer: postView(78) }]);
    await new LemmyAdapter(platform.deps).publish(account, {
      text: "First line\nmore",
      media: [],
      options: {},
      destinationId: "12",
    });
    expect(platform.sent[0]!.body).toEqual({ name: "First line", community_id: 12, body: "First line\nmore" });
  });

  it("maps a signed-out token to auth_expired, a rate limit to rate_limited, and a post without an answer to no_answer", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${API}/post`, answer: json(401, lemmyError("not_logged_in")) },
      { expect: `POST ${API}/post`, answer: json(400, lemmyError("rate_limit_error")) },
      { expect: `POST ${API}/post`, answer: json(429, lemmyError("rate_limit_error"), { "retry-after": "20" }) },
      { expect: `POST ${API}/post`, answer: "timeout" },
      { expect: `POST ${API}/post`, answer: json(400, lemmyError("only_mods_can_post_in_community")) },
    ]);
    const adapter = new LemmyAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "Hi", media: [], options: {}, destinationId: "12" });
    expect((await platformFailure(publish())).failure).toBe("auth_expired");
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 60_000]);
    expect((await platformFailure(publish())).retryAfterMs).toBe(20_000);
    expect((await platformFailure(publish())).failure).toBe("no_answer");
    const refused = await platformFailure(publish());
    expect([refused.failure, refused.message]).toEqual(["refused", "Lemmy refused: only_mods_can_post_in_community"]);
  });

  it("refuses videos and a second image before sending anything", async () => {
    const platform = scriptedPlatform([]);
    const error = await platformFailure(
      new LemmyAdapter(platform.deps).publish(account, {
        text: "x",
        media: [{ type: "video", url: "https://cdn.example/v.mp4" }],
        options: {},
        destinationId: "12",
      }),
    );
    expect(error.code).toBe("MEDIA_NOT_SUPPORTED");
    expect(platform.sent).toEqual([]);
  });

  it("comments on a post, and reads its score and comments (a deleted post is null)", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/comment`,
        answer: json(200, {
          comment_view: { comment: { id: 900, ap_id: `${INSTANCE}/comment/900` } },
          recipient_ids: [],
        } satisfies PartOf<CommentResponse>),
      },
      { expect: `GET ${API}/post?id=77`, answer: postView(77) },
      { expect: `GET ${API}/post?id=78`, answer: json(404, lemmyError("couldnt_find_post")) },
    ]);
    const adapter = new LemmyAdapter(platform.deps);
    expect(await adapter.comment(account, "77", "Thanks all")).toEqual({
      platformPostId: "900",
      url: `${INSTANCE}/comment/900`,
    });
    expect(platform.sent[0]!.body).toEqual({ content: "Thanks all", post_id: 77 });
    expect(Object.fromEntries(await adapter.readMetrics(account, ["77"]))).toEqual({
      "77": { likes: 14, comments: 4, reposts: 0, views: 0 },
    });
    expect(Object.fromEntries(await adapter.readMetrics(account, ["78"]))).toEqual({ "78": null });
  });

  it("a listing that times out is transient", async () => {
    const platform = scriptedPlatform([{ expect: `GET ${LIST}`, answer: "timeout" }]);
    expect((await platformFailure(new LemmyAdapter(platform.deps).listDestinations(account))).failure).toBe(
      "transient",
    );
  });
});
