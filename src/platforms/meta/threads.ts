// The Threads adapter: a profile's posts through the Threads API's container → publish flow.
import { mapLimited } from "../../lib/map-limited";
import { accessToken, type HttpDeps } from "../http";
import type { Wait } from "../media";
import { countsPerPost, followersOf } from "../metrics";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
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
import { containerReady, GraphClient, permalink, publishContainer } from "./meta-graph";
import { graphProfile, metaTokenEndpoint } from "./meta-login";
import { graphFields, type ThreadsContainer, type ThreadsContainerParams, type ThreadsInsights } from "./meta-shapes";

interface ThreadsDeps extends HttpDeps {
  /** How often and how long to look at a container Threads is still processing. */
  containerWait?: Wait;
}

const THREADS_HOST = "https://graph.threads.com";
const THREADS_API = `${THREADS_HOST}/v1.0`;
/** Threads suggests about 30 s before publishing, and looking at most once a minute for five minutes. */
const THREADS_CONTAINER_WAIT: Wait = { intervalMs: 30_000, timeoutMs: 300_000 };
const THREADS_CAROUSEL_MAX = 20;

/**
 * A Threads profile through the Threads API's container → publish flow. `platformUserId` is the Threads
 * user id and `credentials.accessToken` a Threads user token. Posts: text, one image or video (with alt
 * text), or a carousel of 2–20; comments are replies; reposts are Threads reposts.
 */
export class ThreadsAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts", "views"] as const;
  private readonly wait: Wait;
  readonly connection: OAuthConnection;

  constructor(private readonly deps: ThreadsDeps) {
    this.wait = deps.containerWait ?? THREADS_CONTAINER_WAIT;
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.threads, {
      identify: (credentials) => graphProfile(deps, "Threads", { base: THREADS_API, idField: "id" }, credentials),
      tokenCall: metaTokenEndpoint(deps),
    });
  }

  private graph(account: PlatformAccount) {
    return new GraphClient(this.deps, {
      base: THREADS_API,
      token: accessToken("Threads", account.credentials),
      platform: "Threads",
    });
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const graph = this.graph(account);
    const user = account.platformUserId;
    const { media } = request;
    const text = request.text === "" ? undefined : request.text;
    const { reply_control, topic_tag } = request.options as { reply_control?: string; topic_tag?: string };
    // A thread's follow-up segment answers the segment before it.
    const top = { reply_control, topic_tag, reply_to_id: request.replyTo?.parent.platformPostId };
    const create = (params: ThreadsContainerParams) => this.createContainer(graph, user, params);

    let container: string;
    if (media.length === 0) {
      container = await create({ media_type: "TEXT", text, ...top });
    } else if (media.length === 1) {
      container = await create({ ...mediaParams(media[0]!), text, ...top });
    } else {
      if (media.length > THREADS_CAROUSEL_MAX) {
        throw new PlatformError(
          "refused",
          `A Threads carousel takes at most ${THREADS_CAROUSEL_MAX} items`,
          "MEDIA_NOT_SUPPORTED",
        );
      }
      const children = await mapLimited(media, 4, (item) => create({ ...mediaParams(item), is_carousel_item: true }));
      for (const [i, child] of children.entries()) {
        if (media[i]!.type === "video") await this.ready(graph, child);
      }
      container = await create({
        media_type: "CAROUSEL",
        children: children.join(","),
        text,
        ...top,
      });
    }
    const id = await this.publishReady(graph, user, container);
    return { platformPostId: id, url: await permalink(graph, id) };
  }

  /** A reply under the post, published like a post. */
  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const graph = this.graph(account);
    const user = account.platformUserId;
    const container = await this.createContainer(graph, user, {
      media_type: "TEXT",
      text,
      reply_to_id: platformPostId,
    });
    const id = await this.publishReady(graph, user, container);
    return { platformPostId: id, url: await permalink(graph, id) };
  }

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const repost = await this.graph(account).post(`${platformPostId}/repost`, {}, { label: "repost", creates: true });
    return { platformPostId: repost.id };
  }

  /** From the post's insights: comments are replies, reposts include quotes. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const graph = this.graph(account);
    return countsPerPost(platformPostIds, async (id) => {
      const insights = await graph.get<ThreadsInsights>(
        `${id}/insights`,
        { metric: "views,likes,replies,reposts,quotes" },
        "post insights",
      );
      const value = (name: string): number => {
        const metric = (insights.data ?? []).find((m) => m.name === name);
        return metric?.values?.[0]?.value ?? metric?.total_value?.value ?? 0;
      };
      return {
        likes: value("likes"),
        comments: value("replies"),
        reposts: value("reposts") + value("quotes"),
        views: value("views"),
      };
    });
  }

  /** The followers from the user's insights (`threads_manage_insights`), a total with no period. */
  async readProfile(account: PlatformAccount): Promise<Profile> {
    const insights = await this.graph(account).get<ThreadsInsights>(
      `${account.platformUserId}/threads_insights`,
      { metric: "followers_count" },
      "profile insights",
    );
    const followers = (insights.data ?? []).find((m) => m.name === "followers_count")?.total_value?.value;
    return { subscriptionTier: null, ...followersOf(followers) };
  }

  private async createContainer(graph: GraphClient, user: string, params: ThreadsContainerParams): Promise<string> {
    const container = await graph.post(`${user}/threads`, params, { label: "media container", creates: false });
    return container.id;
  }

  private ready(graph: GraphClient, container: string): Promise<void> {
    return containerReady(this.deps, this.wait, "Threads", () => containerState(graph, container));
  }

  /** Threads processes every container, text included, before it can be published. */
  private async publishReady(graph: GraphClient, user: string, container: string): Promise<string> {
    await this.ready(graph, container);
    return publishContainer(graph, `${user}/threads_publish`, container, () => containerState(graph, container));
  }
}

function mediaParams(item: OutgoingMedia): ThreadsContainerParams {
  return item.type === "image"
    ? { media_type: "IMAGE", image_url: item.url, alt_text: item.altText }
    : { media_type: "VIDEO", video_url: item.url };
}

/** Threads' container fields: `status` is the state, `error_message` the detail on errors. */
async function containerState(graph: GraphClient, container: string) {
  const fields = graphFields<ThreadsContainer>("status", "error_message");
  const node = await graph.get<ThreadsContainer>(container, { fields }, "container");
  return { state: node.status, detail: node.error_message };
}
