// The Facebook adapter: a Page's feed posts, photos and videos through the Graph API, and their counts.
import { mapLimited } from "../../lib/map-limited";
import { accessToken, type HttpDeps } from "../http";
import { countsPerPost, followersOf } from "../metrics";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type CommentActions,
  type ConnectedAccount,
  type Messaging,
  type Metrics,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { GraphClient, META_GRAPH_VERSION } from "./meta-graph";
import { metaTokenEndpoint } from "./meta-login";
import { metaMessaging } from "./meta-messaging";
import {
  type CommentParams,
  graphFields,
  type PageFeedParams,
  type PagePhotoCreated,
  type PagePhotoParams,
  type PagePostCounts,
  type PageProfile,
  type PageVideoParams,
} from "./meta-shapes";

interface FacebookDeps extends HttpDeps {
  /** The Meta app secret, to sign calls with `appsecret_proof`. */
  appSecret?: string;
  graphVersion?: string;
}

/** The Page task (role) that lets a person publish as the Page. */
const CREATE_CONTENT = "CREATE_CONTENT";

/** Counts for a feed post; a video is a node without `shares`. */
const POST_COUNTS = "reactions.limit(0).summary(true),comments.limit(0).summary(true),shares";
const VIDEO_COUNTS = "reactions.limit(0).summary(true),comments.limit(0).summary(true)";

/**
 * A Facebook Page through the Graph API. The account is the Page: `platformUserId` is the Page id and
 * `credentials.accessToken` a Page access token. Text (with an optional link preview) goes to the Page feed,
 * one image to /photos, several images as unpublished photos attached to one feed post, one video to
 * /videos. Post ids are `{page-id}_{post-id}`; a video's id is the video's.
 */
export class FacebookAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts"] as const;
  private readonly version: string;
  /** Facebook Login; each Page the user grants becomes an account holding its own Page token. */
  readonly connection: OAuthConnection;
  /** Messenger: private replies to comments and messages through the Send API (`POST /{page-id}/messages`). */
  readonly messaging: Messaging;
  /**
   * Hiding a comment on the Page's post (`POST /{comment-id}?is_hidden=`): the commenter and friends still see it;
   * deleting one the Page wrote (`DELETE /{comment-id}`).
   */
  readonly comments: CommentActions = {
    hide: async (account, commentId, hidden) => {
      await this.graph(account).post(
        commentId,
        { is_hidden: hidden },
        { label: "hide", creates: false, idField: null },
      );
    },
    delete: async (account, commentId) => {
      await this.graph(account).delete(commentId, "delete comment");
    },
  };

  constructor(private readonly deps: FacebookDeps) {
    this.messaging = metaMessaging((account) => this.graph(account));
    this.version = deps.graphVersion ?? META_GRAPH_VERSION;
    // The code's user token is exchanged at once for a long-lived one (60 days): Page tokens read with a
    // long-lived user token do not expire, so the Pages need no refresh.
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.facebook, {
      accounts: (credentials) => this.pages(credentials),
      tokenCall: metaTokenEndpoint(deps),
    });
  }

  private graph(account: Pick<PlatformAccount, "credentials">) {
    return new GraphClient(this.deps, {
      base: `https://graph.facebook.com/${this.version}`,
      token: accessToken("Facebook", account.credentials),
      appSecret: this.deps.appSecret,
      platform: "Facebook",
    });
  }

  /** The Pages the user granted and may publish to, each an account with its Page token. */
  private async pages(user: PlatformCredentials): Promise<ConnectedAccount[]> {
    const graph = this.graph({ credentials: user });
    const pages: { id: string; name: string; access_token?: string; tasks?: string[] }[] = [];
    let after: string | undefined;
    do {
      const page = await graph.get("me/accounts", { fields: "id,name,access_token,tasks", limit: 100, after }, "Pages");
      pages.push(...(page.data ?? []));
      after = page.paging?.next ? page.paging?.cursors?.after : undefined;
    } while (after);
    const usable = pages.filter((p) => p.access_token && (!p.tasks || p.tasks.includes(CREATE_CONTENT)));
    if (usable.length === 0) {
      throw new PlatformError(
        "refused",
        "Facebook granted no Page this person can publish to; choose at least one such Page when asked",
        "NO_PAGES",
      );
    }
    return usable.map((p) => ({
      identity: { platformUserId: p.id, name: p.name, subscriptionTier: null },
      credentials: { accessToken: p.access_token },
    }));
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const graph = this.graph(account);
    const page = account.platformUserId;
    const message = request.text === "" ? undefined : request.text;
    const link = typeof request.options.link === "string" ? request.options.link : undefined;
    const place = typeof request.options.place === "string" ? request.options.place : undefined;
    const { media } = request;
    if (media.length > 0 && link) {
      throw new PlatformError(
        "refused",
        "Facebook posts either a link preview or media, not both",
        "MEDIA_NOT_SUPPORTED",
      );
    }

    if (media.some((m) => m.type === "video")) {
      if (media.length > 1) {
        throw new PlatformError("refused", "Facebook takes one video alone in a post", "MEDIA_NOT_SUPPORTED");
      }
      const video = await graph.post(
        `https://graph-video.facebook.com/${this.version}/${page}/videos`,
        { file_url: media[0]!.url, description: message } satisfies PageVideoParams,
        { label: "page video", creates: true },
      );
      return { platformPostId: video.id, url: `https://www.facebook.com/${page}/videos/${video.id}` };
    }

    if (media.length === 1) {
      const photo = await graph.post<PagePhotoCreated>(
        `${page}/photos`,
        { url: media[0]!.url, message, alt_text_custom: media[0]!.altText, place } satisfies PagePhotoParams,
        { label: "page photo", creates: true },
      );
      return posted(photo.post_id ?? photo.id);
    }

    if (media.length > 1) {
      // Unpublished photos are invisible until attached; uploading them again on a retry is harmless.
      const photos = await mapLimited(media, 4, (item) =>
        graph.post(
          `${page}/photos`,
          { url: item.url, alt_text_custom: item.altText, published: false } satisfies PagePhotoParams,
          { label: "unpublished photo", creates: false },
        ),
      );
      const attached = JSON.stringify(photos.map((p) => ({ media_fbid: p.id })));
      const post = await graph.post(
        `${page}/feed`,
        { message, attached_media: attached, place } satisfies PageFeedParams,
        {
          label: "page feed",
          creates: true,
        },
      );
      return posted(post.id);
    }

    const post = await graph.post(`${page}/feed`, { message, link, place } satisfies PageFeedParams, {
      label: "page feed",
      creates: true,
    });
    return posted(post.id);
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const comment = await this.graph(account).post(
      `${platformPostId}/comments`,
      { message: text } satisfies CommentParams,
      { label: "comment", creates: true },
    );
    return { platformPostId: comment.id, url: `https://www.facebook.com/${platformPostId}` };
  }

  /** Likes are all reactions; reposts are shares. Views are not read (0). */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const graph = this.graph(account);
    return countsPerPost(platformPostIds, async (id) => {
      const fields = id.includes("_") ? POST_COUNTS : VIDEO_COUNTS;
      const node = await graph.get<PagePostCounts>(id, { fields }, "post counts");
      return {
        likes: node.reactions?.summary?.total_count ?? 0,
        comments: node.comments?.summary?.total_count ?? 0,
        reposts: node.shares?.count ?? 0,
        views: 0,
      };
    });
  }

  async readProfile(account: PlatformAccount): Promise<Profile> {
    const profile = await this.graph(account).get<PageProfile>(
      account.platformUserId,
      { fields: graphFields<PageProfile>("id", "name", "followers_count") },
      "page",
    );
    return { subscriptionTier: null, ...followersOf(profile.followers_count) };
  }
}

const posted = (postId: string): PublishResult => ({
  platformPostId: postId,
  url: `https://www.facebook.com/${postId}`,
});
