import { describe, expect, it } from "vitest";
import {
  type LinkedInAction,
  LinkedInAdapter,
  type LinkedInComment,
  type LinkedInDocument,
  type LinkedInDocumentUpload,
  type LinkedInError,
  type LinkedInFinder,
  type LinkedInImageUpload,
  type LinkedInPostCreate,
  type LinkedInShareStatistics,
  type LinkedInSocialActions,
  type LinkedInVideo,
  type LinkedInVideoUpload,
  littleText,
} from "../../../src/platforms/linkedin/linkedin";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const API = "https://api.linkedin.com";
const SHARE = "urn:li:share:6844785523593134080";
const ORG = "urn:li:organization:5515715";
const HEADERS = {
  authorization: "Bearer li-token",
  "linkedin-version": "202605",
  "x-restli-protocol-version": "2.0.0",
};
const JSON_HEADERS = { ...HEADERS, "content-type": "application/json" };
const DISTRIBUTION: LinkedInPostCreate["distribution"] = {
  feedDistribution: "MAIN_FEED",
  targetEntities: [],
  thirdPartyDistributionChannels: [],
};

const member: PlatformAccount = {
  id: "acct_li",
  platform: "linkedin",
  platformUserId: "abc123",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "li-token" },
};
const company: PlatformAccount = { ...member, id: "acct_li_org", platformUserId: ORG };

const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello",
  media: [],
  options: {},
  ...over,
});

const created = (urn = SHARE): Exchange => ({
  method: "POST",
  url: `${API}/rest/posts`,
  status: 201,
  headers: { "x-restli-id": urn },
  text: "",
});

function linkedin(exchanges: Exchange[]) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  const adapter = new LinkedInAdapter({ fetch: wire.fetch, now: time.now, sleep: time.sleep });
  return { wire, time, adapter };
}

const json = (body: string) => JSON.parse(body);

describe("LinkedIn: posts", () => {
  it("posts as a member, escaping LinkedIn's reserved characters but keeping hashtags and links", async () => {
    const { wire, adapter } = linkedin([created()]);
    const result = await adapter.publish(
      member,
      request({
        text: "Launch (beta) #news: see https://ex.com/a_b, 50% off_now*",
        options: { visibility: "CONNECTIONS" },
      }),
    );
    expect(result).toEqual({ platformPostId: SHARE, url: `https://www.linkedin.com/feed/update/${SHARE}/` });
    expect(wire.sent[0]).toMatchObject({ method: "POST", url: `${API}/rest/posts`, headers: JSON_HEADERS });
    expect(json(wire.sent[0]!.body)).toEqual({
      author: "urn:li:person:abc123",
      commentary: "Launch \\(beta\\) #news: see https://ex.com/a_b, 50% off\\_now\\*",
      visibility: "CONNECTIONS",
      distribution: DISTRIBUTION,
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    } satisfies LinkedInPostCreate);
    wire.expectAllUsed();
  });

  it("keeps mentions written in LinkedIn's own syntax", () => {
    expect(littleText("Thanks @[Devtestco](urn:li:organization:2414183) [sic]")).toBe(
      "Thanks @[Devtestco](urn:li:organization:2414183) \\[sic\\]",
    );
  });

  it("posts as a company page with two images and their alt text (Images API, then multiImage)", async () => {
    const upload = (n: number): Exchange[] => [
      { method: "GET", url: `https://cdn.example/${n}.jpg`, text: `image-${n}-bytes` },
      {
        method: "POST",
        url: `${API}/rest/images?action=initializeUpload`,
        json: {
          value: {
            uploadUrlExpiresAt: 1_650_567_510_704,
            uploadUrl: `https://www.linkedin.com/dms-uploads/sp/v2/img${n}/uploaded-image/0`,
            image: `urn:li:image:C4E10AQF${n}`,
          },
        } satisfies LinkedInAction<LinkedInImageUpload>,
      },
      {
        method: "PUT",
        url: `https://www.linkedin.com/dms-uploads/sp/v2/img${n}/uploaded-image/0`,
        status: 201,
        text: "",
      },
    ];
    const { wire, adapter } = linkedin([...upload(1), ...upload(2), created("urn:li:ugcPost:7001")]);
    const result = await adapter.publish(
      company,
      request({
        media: [
          { type: "image", url: "https://cdn.example/1.jpg", altText: "Our team" },
          { type: "image", url: "https://cdn.example/2.jpg" },
        ],
      }),
    );
    expect(result.platformPostId).toBe("urn:li:ugcPost:7001");
    expect(wire.sent[1]).toMatchObject({ headers: JSON_HEADERS });
    expect(json(wire.sent[1]!.body)).toEqual({ initializeUploadRequest: { owner: ORG } });
    expect(wire.sent[2]).toEqual({
      method: "PUT",
      url: "https://www.linkedin.com/dms-uploads/sp/v2/img1/uploaded-image/0",
      headers: { ...HEADERS, "content-type": "application/octet-stream" },
      body: "image-1-bytes",
    });
    expect(json(wire.sent[6]!.body)).toEqual({
      author: ORG,
      commentary: "Hello",
      visibility: "PUBLIC",
      distribution: DISTRIBUTION,
      content: {
        multiImage: {
          images: [{ id: "urn:li:image:C4E10AQF1", altText: "Our team" }, { id: "urn:li:image:C4E10AQF2" }],
        },
      },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    });
    wire.expectAllUsed();
  });

  it("posts one image as content.media with its alt text", async () => {
    const { wire, adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/1.jpg", text: "bytes" },
      {
        method: "POST",
        url: `${API}/rest/images?action=initializeUpload`,
        json: {
          value: { uploadUrl: "https://www.linkedin.com/dms-uploads/x", image: "urn:li:image:C1" },
        } satisfies LinkedInAction<LinkedInImageUpload>,
      },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/x", status: 201, text: "" },
      created(),
    ]);
    await adapter.publish(
      member,
      request({ media: [{ type: "image", url: "https://cdn.example/1.jpg", altText: "A chart" }] }),
    );
    expect(json(wire.sent[3]!.body).content).toEqual({ media: { id: "urn:li:image:C1", altText: "A chart" } });
    expect(json(wire.sent[1]!.body)).toEqual({ initializeUploadRequest: { owner: "urn:li:person:abc123" } });
  });

  it("uploads a video in LinkedIn's parts, finalizes it, waits until it is available, then posts it", async () => {
    const video = "urn:li:video:C5F10AQGKQg";
    const { wire, time, adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/v.mp4", text: "0123456789", headers: { "content-length": "10" } },
      {
        method: "POST",
        url: `${API}/rest/videos?action=initializeUpload`,
        json: {
          value: {
            uploadUrlsExpireAt: 1_656_974_942_000,
            video,
            uploadInstructions: [
              { uploadUrl: "https://www.linkedin.com/dms-uploads/v/part0", firstByte: 0, lastByte: 5 },
              { uploadUrl: "https://www.linkedin.com/dms-uploads/v/part1", firstByte: 6, lastByte: 9 },
            ],
            uploadToken: "",
          },
        } satisfies LinkedInAction<LinkedInVideoUpload>,
      },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/part0", headers: { etag: "etag-0" }, text: "" },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/part1", headers: { etag: "etag-1" }, text: "" },
      { method: "POST", url: `${API}/rest/videos?action=finalizeUpload`, text: "" },
      {
        method: "GET",
        url: `${API}/rest/videos/${encodeURIComponent(video)}`,
        json: { id: video, status: "PROCESSING" } satisfies LinkedInVideo,
      },
      {
        method: "GET",
        url: `${API}/rest/videos/${encodeURIComponent(video)}`,
        json: { id: video, status: "AVAILABLE" } satisfies LinkedInVideo,
      },
      created(),
    ]);
    await adapter.publish(member, request({ media: [{ type: "video", url: "https://cdn.example/v.mp4" }] }));
    expect(json(wire.sent[1]!.body)).toEqual({
      initializeUploadRequest: {
        owner: "urn:li:person:abc123",
        fileSizeBytes: 10,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    });
    expect([wire.sent[2]!.body, wire.sent[3]!.body]).toEqual(["012345", "6789"]);
    expect(json(wire.sent[4]!.body)).toEqual({
      finalizeUploadRequest: { video, uploadToken: "", uploadedPartIds: ["etag-0", "etag-1"] },
    });
    expect(json(wire.sent[7]!.body).content).toEqual({ media: { id: video } });
    expect(time.sleeps).toEqual([10_000]);
    wire.expectAllUsed();
  });

  it("posts a PDF as a document post with its title: Documents API upload, a wait until available, then the post", async () => {
    const document = "urn:li:document:D5F10AQH4nNZ2rd9nHQ";
    const uploadUrl = "https://www.linkedin.com/dms-uploads/sp/v2/D5F10AQH4nNZ2rd9nHQ/uploaded-document/0";
    const status = (value: LinkedInDocument["status"]): Exchange => ({
      method: "GET",
      url: `${API}/rest/documents/${encodeURIComponent(document)}`,
      json: { id: document, owner: ORG, status: value } satisfies LinkedInDocument,
    });
    const { wire, time, adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/deck.pdf", text: "%PDF-1.7 deck" },
      {
        method: "POST",
        url: `${API}/rest/documents?action=initializeUpload`,
        json: {
          value: { uploadUrlExpiresAt: 1_650_567_510_704, uploadUrl, document },
        } satisfies LinkedInAction<LinkedInDocumentUpload>,
      },
      { method: "PUT", url: uploadUrl, status: 201, text: "" },
      status("PROCESSING"),
      status("AVAILABLE"),
      created("urn:li:share:7002"),
    ]);
    const result = await adapter.publish(
      company,
      request({ media: [{ type: "document", url: "https://cdn.example/deck.pdf", title: "Q3 results" }] }),
    );
    expect(result.platformPostId).toBe("urn:li:share:7002");
    expect(json(wire.sent[1]!.body)).toEqual({ initializeUploadRequest: { owner: ORG } });
    expect(wire.sent[2]).toEqual({
      method: "PUT",
      url: uploadUrl,
      headers: { ...HEADERS, "content-type": "application/octet-stream" },
      body: "%PDF-1.7 deck",
    });
    expect(json(wire.sent[5]!.body)).toMatchObject({
      author: ORG,
      commentary: "Hello",
      content: { media: { id: document, title: "Q3 results" } },
    });
    expect(time.sleeps).toEqual([10_000]);
    wire.expectAllUsed();
  });

  it("a document LinkedIn could not process is refused, and nothing is posted", async () => {
    const document = "urn:li:document:D5F10AQbad";
    const { wire, adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/deck.pdf", text: "%PDF-1.7 deck" },
      {
        method: "POST",
        url: `${API}/rest/documents?action=initializeUpload`,
        json: {
          value: { uploadUrl: "https://www.linkedin.com/dms-uploads/d", document },
        } satisfies LinkedInAction<LinkedInDocumentUpload>,
      },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/d", status: 201, text: "" },
      {
        method: "GET",
        url: `${API}/rest/documents/${encodeURIComponent(document)}`,
        json: { id: document, status: "PROCESSING_FAILED" } satisfies LinkedInDocument,
      },
    ]);
    const failed = await platformFailure(
      adapter.publish(member, request({ media: [{ type: "document", url: "https://cdn.example/deck.pdf" }] })),
    );
    expect([failed.failure, failed.code, failed.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "LinkedIn could not process the document",
    ]);
    wire.expectAllUsed();
  });

  it("reads a video served without its size once, whole, to tell LinkedIn the size", async () => {
    const video = "urn:li:video:C5F10AQunsized";
    const { wire, adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/live.mp4", text: "abcdefg" },
      {
        method: "POST",
        url: `${API}/rest/videos?action=initializeUpload`,
        json: {
          value: {
            video,
            uploadInstructions: [{ uploadUrl: "https://www.linkedin.com/dms-uploads/v/p0", firstByte: 0, lastByte: 6 }],
          },
        } satisfies LinkedInAction<LinkedInVideoUpload>,
      },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/p0", headers: { etag: "e0" }, text: "" },
      { method: "POST", url: `${API}/rest/videos?action=finalizeUpload`, text: "" },
      {
        method: "GET",
        url: `${API}/rest/videos/${encodeURIComponent(video)}`,
        json: { id: video, status: "AVAILABLE" } satisfies LinkedInVideo,
      },
      created(),
    ]);
    await adapter.publish(member, request({ media: [{ type: "video", url: "https://cdn.example/live.mp4" }] }));
    expect(wire.sent.filter((s) => s.url === "https://cdn.example/live.mp4")).toHaveLength(1);
    expect(json(wire.sent[1]!.body).initializeUploadRequest.fileSizeBytes).toBe(7);
    expect(wire.sent[2]!.body).toBe("abcdefg");
    wire.expectAllUsed();
  });

  it("refuses mixed media before calling anyone, and media its source will not give", async () => {
    const { wire, adapter } = linkedin([{ method: "GET", url: "https://cdn.example/gone.jpg", status: 404, text: "" }]);
    const mixed = await platformFailure(
      adapter.publish(
        member,
        request({
          media: [
            { type: "image", url: "https://cdn.example/1.jpg" },
            { type: "video", url: "https://cdn.example/v.mp4" },
          ],
        }),
      ),
    );
    expect([mixed.failure, mixed.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(wire.sent).toEqual([]);
    const gone = await platformFailure(
      adapter.publish(member, request({ media: [{ type: "image", url: "https://cdn.example/gone.jpg" }] })),
    );
    expect([gone.failure, gone.code]).toEqual(["refused", "MEDIA_UNAVAILABLE"]);
    wire.expectAllUsed();
  });

  it("fetches media only from public hosts, and refuses a video over LinkedIn's 500 MB before uploading", async () => {
    const { wire, adapter } = linkedin([
      {
        method: "GET",
        url: "https://cdn.example/huge.mp4",
        text: "",
        headers: { "content-length": String(501 * 2 ** 20) },
      },
    ]);
    const internal = await platformFailure(
      adapter.publish(member, request({ media: [{ type: "image", url: "https://10.0.0.5/secret.jpg" }] })),
    );
    expect([internal.failure, internal.code]).toEqual(["refused", "MEDIA_UNAVAILABLE"]);
    const huge = await platformFailure(
      adapter.publish(member, request({ media: [{ type: "video", url: "https://cdn.example/huge.mp4" }] })),
    );
    expect([huge.failure, huge.code]).toEqual(["refused", "MEDIA_TOO_LARGE"]);
    expect(wire.sent.map((s) => s.url)).toEqual(["https://cdn.example/huge.mp4"]);
  });
});

describe("LinkedIn: failures", () => {
  const post = (answer: Partial<Exchange>): Exchange => ({ method: "POST", url: `${API}/rest/posts`, ...answer });

  it("maps a revoked token to auth_expired", async () => {
    const { adapter } = linkedin([
      post({
        status: 401,
        json: {
          status: 401,
          serviceErrorCode: 65601,
          code: "REVOKED_ACCESS_TOKEN",
          message: "The token used in the request has been revoked by the user",
        } satisfies LinkedInError,
      }),
    ]);
    expect((await platformFailure(adapter.publish(member, request()))).failure).toBe("auth_expired");
  });

  it("maps 429 to rate_limited until LinkedIn's daily reset at midnight UTC", async () => {
    const { adapter } = linkedin([
      post({
        status: 429,
        json: {
          status: 429,
          message: "Resource level throttle APPLICATION DAY limit for calls",
        } satisfies LinkedInError,
      }),
    ]);
    const error = await platformFailure(adapter.publish(member, request()));
    // The fake clock stands at 12:00 UTC.
    expect([error.failure, error.retryAfterMs]).toEqual(["rate_limited", 12 * 3_600_000]);
  });

  it("maps a duplicate to refused with LinkedIn's message, and a missing permission to PERMISSION_DENIED", async () => {
    const { adapter } = linkedin([
      post({
        status: 422,
        json: { status: 422, message: `Content is a duplicate of ${SHARE}` } satisfies LinkedInError,
      }),
      post({
        status: 403,
        json: {
          status: 403,
          serviceErrorCode: 100,
          code: "ACCESS_DENIED",
          message: "Not enough permissions",
        } satisfies LinkedInError,
      }),
    ]);
    const duplicate = await platformFailure(adapter.publish(member, request()));
    expect([duplicate.failure, duplicate.code, duplicate.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      `LinkedIn post: Content is a duplicate of ${SHARE}`,
    ]);
    const denied = await platformFailure(adapter.publish(member, request()));
    expect([denied.failure, denied.code]).toEqual(["refused", "PERMISSION_DENIED"]);
  });

  it("maps 5xx to transient; a post sent without an answer, a 504 or an answer without an id to no_answer", async () => {
    const { adapter } = linkedin([
      post({ status: 500, text: "" }),
      post({ drop: true }),
      post({ status: 504, text: "" }),
      post({ status: 201, text: "" }),
    ]);
    expect((await platformFailure(adapter.publish(member, request()))).failure).toBe("transient");
    for (let i = 0; i < 3; i++) {
      expect((await platformFailure(adapter.publish(member, request()))).failure).toBe("no_answer");
    }
  });

  it("maps an upload that could not be sent to transient: nothing was posted", async () => {
    const { adapter } = linkedin([
      { method: "GET", url: "https://cdn.example/1.jpg", text: "bytes" },
      { method: "POST", url: `${API}/rest/images?action=initializeUpload`, drop: true },
    ]);
    const error = await platformFailure(
      adapter.publish(member, request({ media: [{ type: "image", url: "https://cdn.example/1.jpg" }] })),
    );
    expect(error.failure).toBe("transient");
  });
});

describe("LinkedIn: plugs", () => {
  it("comments as the organization, with the text as written", async () => {
    const comment = "urn:li:comment:(urn:li:activity:6844785523593134080,6844785523593134081)";
    const { wire, adapter } = linkedin([
      {
        method: "POST",
        url: `${API}/rest/socialActions/${encodeURIComponent(SHARE)}/comments`,
        status: 201,
        json: {
          actor: ORG,
          object: SHARE,
          id: "6844785523593134081",
          $URN: comment,
          message: { text: "Thanks (all)!" },
        } satisfies LinkedInComment,
      },
    ]);
    const result = await adapter.comment(company, SHARE, "Thanks (all)!");
    expect(result).toEqual({ platformPostId: comment, url: `https://www.linkedin.com/feed/update/${SHARE}/` });
    expect(wire.sent[0]).toMatchObject({ method: "POST", headers: JSON_HEADERS });
    expect(json(wire.sent[0]!.body)).toEqual({ actor: ORG, object: SHARE, message: { text: "Thanks (all)!" } });
  });

  it("reposts with a reshare of the post", async () => {
    const { wire, adapter } = linkedin([created("urn:li:share:9")]);
    expect((await adapter.repost(company, SHARE)).platformPostId).toBe("urn:li:share:9");
    expect(json(wire.sent[0]!.body)).toEqual({
      author: ORG,
      commentary: "",
      visibility: "PUBLIC",
      distribution: DISTRIBUTION,
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
      reshareContext: { parent: SHARE },
    });
  });

  it("reads a company page's likes and comments from socialActions, reposts and views from share statistics", async () => {
    const ugc = "urn:li:ugcPost:7001";
    const gone = "urn:li:share:1";
    const { wire, adapter } = linkedin([
      {
        method: "GET",
        url: `${API}/rest/socialActions/${encodeURIComponent(SHARE)}`,
        json: {
          target: SHARE,
          likesSummary: { totalLikes: 40, likedByCurrentUser: false },
          commentsSummary: { totalFirstLevelComments: 4, aggregatedTotalComments: 6 },
        } satisfies LinkedInSocialActions,
      },
      {
        method: "GET",
        url: `${API}/rest/socialActions/${encodeURIComponent(ugc)}`,
        json: {
          target: ugc,
          likesSummary: { totalLikes: 2 },
          commentsSummary: { aggregatedTotalComments: 0 },
        } satisfies LinkedInSocialActions,
      },
      {
        method: "GET",
        url: `${API}/rest/socialActions/${encodeURIComponent(gone)}`,
        status: 404,
        json: { status: 404, message: "Not Found" } satisfies LinkedInError,
      },
      {
        method: "GET",
        url:
          `${API}/rest/organizationalEntityShareStatistics?q=organizationalEntity` +
          `&organizationalEntity=${encodeURIComponent(ORG)}` +
          `&shares=List(${encodeURIComponent(SHARE)})&ugcPosts=List(${encodeURIComponent(ugc)})`,
        json: {
          elements: [
            {
              organizationalEntity: ORG,
              share: SHARE,
              totalShareStatistics: { shareCount: 7, likeCount: 40, commentCount: 6, impressionCount: 1200 },
            },
            {
              organizationalEntity: ORG,
              ugcPost: ugc,
              totalShareStatistics: { shareCount: 0, likeCount: 2, commentCount: 0, impressionCount: 30 },
            },
          ],
        } satisfies LinkedInFinder<LinkedInShareStatistics>,
      },
    ]);
    const metrics = await adapter.readMetrics(company, [SHARE, ugc, gone]);
    expect(Object.fromEntries(metrics)).toEqual({
      [SHARE]: { likes: 40, comments: 6, reposts: 7, views: 1200 },
      [ugc]: { likes: 2, comments: 0, reposts: 0, views: 30 },
      [gone]: null,
    });
    wire.expectAllUsed();
  });

  it("reads a member's likes and comments only", async () => {
    const { wire, adapter } = linkedin([
      {
        method: "GET",
        url: `${API}/rest/socialActions/${encodeURIComponent(SHARE)}`,
        json: {
          likesSummary: { totalLikes: 3 },
          commentsSummary: { aggregatedTotalComments: 1 },
        } satisfies LinkedInSocialActions,
      },
    ]);
    const metrics = await adapter.readMetrics(member, [SHARE]);
    expect(metrics.get(SHARE)).toEqual({ likes: 3, comments: 1, reposts: 0, views: 0 });
    expect(wire.sent[0]).toMatchObject({ method: "GET", headers: HEADERS, body: "" });
    wire.expectAllUsed();
  });

  it("reads the profile from userinfo for a member and the organization for a page", async () => {
    const { wire, adapter } = linkedin([
      { method: "GET", url: `${API}/v2/userinfo`, json: { sub: "abc123", name: "Ada" } },
      { method: "GET", url: `${API}/rest/organizations/5515715`, json: { id: 5515715, localizedName: "Cafe" } },
    ]);
    expect(await adapter.readProfile(member)).toEqual({ subscriptionTier: null });
    expect(await adapter.readProfile(company)).toEqual({ subscriptionTier: null });
    wire.expectAllUsed();
  });
});
