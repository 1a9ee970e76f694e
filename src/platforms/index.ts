// The real adapter of each platform, built for a runtime, refusing a platform that is not configured.
import { AppError } from "../lib/errors";
import { mediaKeyOf } from "../services/media/objects";
import type { Runtime } from "../services/runtime";
import { DevtoAdapter } from "./blogs/devto";
import { HashnodeAdapter } from "./blogs/hashnode";
import { TumblrAdapter } from "./blogs/tumblr";
import { WordPressAdapter } from "./blogs/wordpress";
import { BlueskyAdapter } from "./bluesky";
import type { PlatformKey } from "./catalog";
import { DiscordAdapter } from "./chat/discord";
import { SlackAdapter } from "./chat/slack";
import { TelegramAdapter } from "./chat/telegram";
import { DribbbleAdapter } from "./dribbble";
import { LemmyAdapter } from "./fediverse/lemmy";
import { MastodonAdapter } from "./fediverse/mastodon";
import { GoogleBusinessAdapter } from "./google/google-business";
import { LinkedInAdapter } from "./linkedin/linkedin";
import { ListmonkAdapter } from "./listmonk";
import { FacebookAdapter } from "./meta/facebook";
import { InstagramAdapter } from "./meta/instagram";
import { ThreadsAdapter } from "./meta/threads";
import { PinterestAdapter } from "./pinterest";
import { RedditAdapter } from "./reddit/reddit";
import { SandboxAdapter } from "./sandbox";
import { KickAdapter } from "./streaming/kick";
import { TwitchAdapter } from "./streaming/twitch";
import type { AdapterDeps, AdapterFactory, Platform } from "./types";
import { TikTokAdapter } from "./video/tiktok";
import { YouTubeAdapter } from "./video/youtube";
import { WhatsAppAdapter } from "./whatsapp/whatsapp";
import { XAdapter } from "./x";

/** The real adapter of each platform Herald speaks to. A platform not listed here cannot be connected or published to. */
export const ADAPTERS: Partial<Record<PlatformKey, AdapterFactory>> = {
  twitter: (deps) => new XAdapter(deps),
  bluesky: (deps) => new BlueskyAdapter(deps),
  mastodon: (deps) => new MastodonAdapter(deps),
  telegram: (deps) => new TelegramAdapter(deps),
  discord: (deps) => new DiscordAdapter(deps),
  slack: (deps) => new SlackAdapter(deps),
  linkedin: (deps) => new LinkedInAdapter(deps),
  facebook: (deps) => new FacebookAdapter({ ...deps, appSecret: deps.env.META_APP_SECRET }),
  instagram: (deps) => new InstagramAdapter({ ...deps, appSecret: deps.env.META_APP_SECRET }),
  threads: (deps) => new ThreadsAdapter(deps),
  tiktok: (deps) => new TikTokAdapter(deps),
  youtube: (deps) => new YouTubeAdapter(deps),
  pinterest: (deps) => new PinterestAdapter(deps),
  dribbble: (deps) => new DribbbleAdapter(deps),
  twitch: (deps) => new TwitchAdapter(deps),
  kick: (deps) => new KickAdapter(deps),
  lemmy: (deps) => new LemmyAdapter(deps),
  tumblr: (deps) => new TumblrAdapter(deps),
  devto: (deps) => new DevtoAdapter(deps),
  hashnode: (deps) => new HashnodeAdapter(deps),
  wordpress: (deps) => new WordPressAdapter(deps),
  listmonk: (deps) => new ListmonkAdapter(deps),
  whatsapp: (deps) => new WhatsAppAdapter(deps),
  reddit: (deps) => new RedditAdapter(deps),
  google_business: (deps) => new GoogleBusinessAdapter(deps),
};

/**
 * What adapters are built with in the Worker: the global fetch (read at call time), the service clock, the bindings,
 * and Herald's own media read from R2 rather than fetched back from its public address.
 */
export const adapterDeps = (rt: Runtime): AdapterDeps => ({
  fetch: (input, init) => fetch(input, init),
  now: () => rt.clock.now(),
  env: rt.env as unknown as AdapterDeps["env"],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  sandbox: rt.sandbox,
  storedMedia: async (url) => {
    const key = mediaKeyOf(rt, url);
    const object = key ? await rt.env.MEDIA.get(key) : null;
    if (!object) return null;
    const type = object.httpMetadata?.contentType ?? "application/octet-stream";
    return new Response(object.body, { headers: { "content-type": type, "content-length": String(object.size) } });
  },
});

/**
 * The real adapter for a platform, refusing clearly (`platform_not_configured`) when Herald has none for
 * it or the deployment lacks the platform's app credentials.
 */
export function realPlatform(rt: Runtime, platform: PlatformKey): Platform {
  const factory = ADAPTERS[platform];
  if (!factory) throw new AppError("platform_not_configured", `Herald has no adapter for ${platform} yet`);
  const adapter = factory(adapterDeps(rt));
  const env = rt.env as unknown as Record<string, unknown>;
  const missing = adapter.connection?.requiredEnv.filter((name) => !env[name]) ?? [];
  if (missing.length > 0) {
    throw new AppError(
      "platform_not_configured",
      `${platform} is not configured on this deployment: set ${missing.join(", ")}`,
      { missing },
    );
  }
  return adapter;
}

/** What Herald's real adapter for a platform does in the inbox; the sandbox answers as the real one would. */
export interface InboxAbilities {
  /** How a public reply under a comment is made: the adapter's own reply call, a comment on the comment's id, none. */
  replyUnder: "reply" | "comment" | null;
  /** Direct messages can be sent. */
  messages: boolean;
  /** Comments can be hidden and shown again. */
  hide: boolean;
  /** A comment the account wrote can be deleted. */
  delete: boolean;
  /** Comments and messages are read by polling (the platform sends no webhook for them). */
  polls: boolean;
}

/** The real adapter's inbox abilities (built without credentials: only which calls it has is read). */
export function inboxAbilities(rt: Runtime, platform: PlatformKey, replyByComment: boolean): InboxAbilities {
  const factory = ADAPTERS[platform];
  const adapter = factory?.(adapterDeps(rt));
  return {
    replyUnder: adapter?.comments?.reply ? "reply" : adapter?.comment && replyByComment ? "comment" : null,
    messages: adapter?.messaging !== undefined,
    hide: adapter?.comments?.hide !== undefined,
    delete: adapter?.comments?.delete !== undefined,
    polls: adapter?.inbox !== undefined,
  };
}

/** The adapter for a platform: the sandbox in sandbox mode, the real adapter otherwise. */
export function getPlatform(rt: Runtime, platform: PlatformKey): Platform {
  if (rt.sandbox) return new SandboxAdapter(rt, platform);
  return realPlatform(rt, platform);
}
