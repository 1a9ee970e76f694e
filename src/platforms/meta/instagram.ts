// The Instagram adapter: a professional account's posts through the Graph API's container → publish flow.
import { mapLimited } from "../../lib/map-limited";
import { accessToken, type HttpDeps } from "../http";
import type { Wait } from "../media";
import { countsPerPost, followersOf } from "../metrics";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type CommentActions,
  type Messaging,
  type Metrics,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { containerReady, GraphClient, META_GRAPH_VERSION, permalink, publishContainer } from "./meta-graph";
import { graphProfile, metaTokenEndpoint } from "./meta-login";
import { metaMessaging } from "./meta-messaging";
import {
  type CommentParams,
  graphFields,
  type IgAccount,
  type IgContainer,
  type IgContainerParams,
  type IgMediaCounts,
} from "./meta-shapes";

interface InstagramDeps extends HttpDeps {
  /** The Meta app secret, to sign graph.facebook.com calls with `appsecret_proof`. */
  appSecret?: string;
  graphVersion?: string;
  /** How often and how long to look at a container Instagram is still processing. */
  containerWait?: Wait;
}

/** Meta asks for a look at most once a minute, for no more than five minutes. */
const INSTAGRAM_CONTAINER_WAIT: Wait = { intervalMs: 60_000, timeoutMs: 300_000 };
const INSTAGRAM_CAROUSEL_MAX = 10;

const refuseMedia = (message: string) => new PlatformError("refused", message, "MEDIA_NOT_SUPPORTED");

/**
 * An Instagram professional account through the Instagram Graph API's container → publish flow.
 * `platformUserId` is the Instagram account id; `credentials.accessToken` is the token of the Facebook
 * login that manages it (graph.facebook.com), or, with `credentials.instagramLogin: true`, an Instagram
 * login token (graph.instagram.com). Posts: one image (with alt text), one video (a reel, with `cover_url`
 * or `thumb_offset`), 2–10 items as a carousel; `post_type` `reel` or `story` picks those kinds.
 */
export class InstagramAdapter implements Platform {
  readonly countsRead = ["likes", "comments"] as const;
  private readonly wait: Wait;
  /** Connects through Business Login for Instagram: the tokens are Instagram Login's (graph.instagram.com). */
  readonly connection: OAuthConnection;
  /** Private replies to comments and messages through the Send API (`POST /{ig-id}/messages`). */
  readonly messaging: Messaging;

  constructor(private readonly deps: InstagramDeps) {
    this.messaging = metaMessaging((account) => this.graph(account));
    this.wait = deps.containerWait ?? INSTAGRAM_CONTAINER_WAIT;
    // `user_id` is the professional account's id, the one the publishing endpoints take (`id` is app-scoped).
    const base = `https://graph.instagram.com/${deps.graphVersion ?? META_GRAPH_VERSION}`;
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.instagram, {
      identify: (credentials) => graphProfile(deps, "Instagram", { base, idField: "user_id" }, credentials),
      tokenCall: metaTokenEndpoint(deps),
    });
  }

  private graph(account: PlatformAccount): GraphClient {
    const instagramLogin = account.credentials?.instagramLogin === true;
    const host = instagramLogin ? "graph.instagram.com" : "graph.facebook.com";
    return new GraphClient(this.deps, {
      base: `https://${host}/${this.deps.graphVersion ?? META_GRAPH_VERSION}`,
      token: accessToken("Instagram", account.credentials),
      // The Meta app secret signs Facebook-login tokens only.
      appSecret: instagramLogin ? undefined : this.deps.appSecret,
      platform: "Instagram",
    });
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    if (request.options.reminder === true) {
      throw new PlatformError(
        "refused",
        "Instagram reminder posts are not published by Herald",
        "REMINDER_NOT_SUPPORTED",
      );
    }
    const { media } = request;
    if (media.length === 0) {
      throw new PlatformError("refused", "Instagram posts need an image or a video", "MEDIA_REQUIRED");
    }
    const graph = this.graph(account);
    const ig = account.platformUserId;
    const caption = request.text === "" ? undefined : request.text;
    const postType = request.options.post_type ?? "post";
    const first = media[0]!;
    const create = (params: IgContainerParams) =>
      graph.post(`${ig}/media`, params, { label: "media container", creates: false }).then((c) => c.id);
    const extras = postExtras(request.options);
    const tagsOf = (index: number) => userTagsOf(request.options, index);

    let container: string;
    if (postType === "story") {
      if (media.length !== 1) throw refuseMedia("An Instagram story takes exactly one image or video");
      container = await create(
        first.type === "image"
          ? { media_type: "STORIES", image_url: first.url }
          : { media_type: "STORIES", video_url: first.url },
      );
    } else if (postType === "reel" || (media.length === 1 && first.type === "video")) {
      if (media.length !== 1 || first.type !== "video") throw refuseMedia("An Instagram reel takes exactly one video");
      container = await create({
        media_type: "REELS",
        video_url: first.url,
        caption,
        cover_url: first.coverUrl,
        thumb_offset: first.coverTimeMs,
        ...extras,
        ...(typeof request.options.share_to_feed === "boolean" ? { share_to_feed: request.options.share_to_feed } : {}),
      });
    } else if (media.length === 1) {
      container = await create({ image_url: first.url, caption, alt_text: first.altText, ...extras, ...tagsOf(0) });
    } else {
      if (media.length > INSTAGRAM_CAROUSEL_MAX) {
        throw refuseMedia(`An Instagram carousel takes at most ${INSTAGRAM_CAROUSEL_MAX} items`);
      }
      const children = await mapLimited(
        media.map((item, i) => ({ item, i })),
        4,
        ({ item, i }) => create({ ...carouselItem(item), ...(item.type === "image" ? tagsOf(i) : {}) }),
      );
      // A carousel can only be made of children Instagram has finished processing.
      for (const [i, child] of children.entries()) {
        if (media[i]!.type === "video") await this.ready(graph, child);
      }
      container = await create({ media_type: "CAROUSEL", children: children.join(","), caption, ...extras });
    }

    await this.ready(graph, container);
    const mediaId = await publishContainer(graph, `${ig}/media_publish`, container, () =>
      containerState(graph, container),
    );
    return { platformPostId: mediaId, url: await permalink(graph, mediaId) };
  }

  private ready(graph: GraphClient, container: string): Promise<void> {
    return containerReady(this.deps, this.wait, "Instagram", () => containerState(graph, container));
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const comment = await this.graph(account).post(
      `${platformPostId}/comments`,
      { message: text } satisfies CommentParams,
      { label: "comment", creates: true },
    );
    return { platformPostId: comment.id };
  }

  /** The inbox's public reply under a comment: `POST /{ig-comment-id}/replies` (a comment on a comment is refused). */
  readonly comments: CommentActions = {
    reply: async (account, commentId, text) => {
      const reply = await this.graph(account).post(`${commentId}/replies`, { message: text } satisfies CommentParams, {
        label: "reply",
        creates: true,
      });
      return { messageId: reply.id };
    },
    /** `POST /{ig-comment-id}?hide=true|false`: hidden from everyone but the commenter. */
    hide: async (account, commentId, hidden) => {
      await this.graph(account).post(commentId, { hide: hidden }, { label: "hide", creates: false, idField: null });
    },
    /** `DELETE /{ig-comment-id}`: a comment (or reply) the account wrote. */
    delete: async (account, commentId) => {
      await this.graph(account).delete(commentId, "delete comment");
    },
  };

  /** Likes and comments; Instagram has no reposts, and views are not read (0). */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const graph = this.graph(account);
    return countsPerPost(platformPostIds, async (id) => {
      const fields = graphFields<IgMediaCounts>("like_count", "comments_count");
      const node = await graph.get<IgMediaCounts>(id, { fields }, "media counts");
      // like_count is absent when the owner hides likes.
      return { likes: node.like_count ?? 0, comments: node.comments_count ?? 0, reposts: 0, views: 0 };
    });
  }

  async readProfile(account: PlatformAccount): Promise<Profile> {
    const profile = await this.graph(account).get<IgAccount>(
      account.platformUserId,
      { fields: graphFields<IgAccount>("id", "username", "followers_count") },
      "account",
    );
    return { subscriptionTier: null, ...followersOf(profile.followers_count) };
  }
}

/** A carousel child: images keep their alt text; videos take a frame as cover (cover_url is for reels only). */
function carouselItem(item: OutgoingMedia): IgContainerParams {
  return item.type === "image"
    ? { image_url: item.url, is_carousel_item: true, alt_text: item.altText }
    : { media_type: "VIDEO", video_url: item.url, is_carousel_item: true, thumb_offset: item.coverTimeMs };
}

/** Instagram's container fields: `status_code` is the state, `status` the detail on errors. */
async function containerState(graph: GraphClient, container: string) {
  const fields = graphFields<IgContainer>("status_code", "status");
  const node = await graph.get<IgContainer>(container, { fields }, "container");
  return { state: node.status_code, detail: node.status };
}

/** The collaborators and place a feed post or reel names (stories take neither), as the container's parameters. */
function postExtras(options: Record<string, unknown>): Pick<IgContainerParams, "collaborators" | "location_id"> {
  return {
    ...(Array.isArray(options.collaborators) ? { collaborators: JSON.stringify(options.collaborators) } : {}),
    ...(typeof options.location_id === "string" ? { location_id: options.location_id } : {}),
  };
}

interface UserTag {
  username: string;
  x: number;
  y: number;
  image?: number;
}

/** The people tagged on the media item at `index` (`image`, 0 when not given), as the container's `user_tags`. */
function userTagsOf(options: Record<string, unknown>, index: number): Pick<IgContainerParams, "user_tags"> {
  const tags = ((options.user_tags as UserTag[] | undefined) ?? []).filter((tag) => (tag.image ?? 0) === index);
  if (tags.length === 0) return {};
  return { user_tags: JSON.stringify(tags.map(({ username, x, y }) => ({ username, x, y }))) };
}
