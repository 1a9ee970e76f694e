import { AppError } from "../lib/errors";
import type { Runtime } from "../services/runtime";
import { BlueskyAdapter } from "./bluesky";
import type { PlatformKey } from "./catalog";
import { DiscordAdapter } from "./discord";
import { DribbbleAdapter } from "./dribbble";
import { FacebookPlatform } from "./facebook";
import { InstagramPlatform } from "./instagram";
import { KickAdapter } from "./kick";
import { LinkedInPlatform } from "./linkedin";
import { MastodonAdapter } from "./mastodon";
import { PinterestAdapter } from "./pinterest";
import { SandboxPlatform } from "./sandbox";
import { SlackAdapter } from "./slack";
import { TelegramAdapter } from "./telegram";
import { ThreadsPlatform } from "./threads";
import { TikTokAdapter } from "./tiktok";
import { TwitchAdapter } from "./twitch";
import type { AdapterDeps, AdapterFactory, Platform } from "./types";
import { XAdapter } from "./x";
import { YouTubeAdapter } from "./youtube";

/** The real adapter of each platform Herald speaks to. A platform not listed here cannot be connected or published to. */
export const ADAPTERS: Partial<Record<PlatformKey, AdapterFactory>> = {
  twitter: (deps) => new XAdapter(deps),
  bluesky: (deps) => new BlueskyAdapter(deps),
  mastodon: (deps) => new MastodonAdapter(deps),
  telegram: (deps) => new TelegramAdapter(deps),
  discord: (deps) => new DiscordAdapter(deps),
  slack: (deps) => new SlackAdapter(deps),
  linkedin: (deps) => new LinkedInPlatform(deps),
  facebook: (deps) => new FacebookPlatform({ ...deps, appSecret: deps.env.META_APP_SECRET }),
  instagram: (deps) => new InstagramPlatform({ ...deps, appSecret: deps.env.META_APP_SECRET }),
  threads: (deps) => new ThreadsPlatform(deps),
  tiktok: (deps) => new TikTokAdapter(deps),
  youtube: (deps) => new YouTubeAdapter(deps),
  pinterest: (deps) => new PinterestAdapter(deps),
  dribbble: (deps) => new DribbbleAdapter(deps),
  twitch: (deps) => new TwitchAdapter(deps),
  kick: (deps) => new KickAdapter(deps),
};

/** What adapters are built with in the Worker: the global fetch (read at call time), the service clock, the bindings. */
export const adapterDeps = (rt: Runtime): AdapterDeps => ({
  fetch: (input, init) => fetch(input, init),
  now: () => rt.clock.now(),
  env: rt.env as unknown as AdapterDeps["env"],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  sandbox: rt.sandbox,
});

/**
 * The real adapter for a platform, refusing clearly (`platform_not_configured`) when Herald has none for
 * it or the deployment lacks the platform's app credentials.
 */
export function realPlatform(rt: Runtime, platform: PlatformKey): Platform {
  const factory = ADAPTERS[platform];
  if (!factory) throw new AppError(503, "platform_not_configured", `Herald has no adapter for ${platform} yet`);
  const adapter = factory(adapterDeps(rt));
  const env = rt.env as unknown as Record<string, unknown>;
  const missing = adapter.connection?.requiredEnv.filter((name) => !env[name]) ?? [];
  if (missing.length > 0) {
    throw new AppError(
      503,
      "platform_not_configured",
      `${platform} is not configured on this deployment: set ${missing.join(", ")}`,
      { missing },
    );
  }
  return adapter;
}

/** The adapter for a platform: the sandbox in sandbox mode, the real adapter otherwise. */
export function getPlatform(rt: Runtime, platform: PlatformKey): Platform {
  if (rt.sandbox) return new SandboxPlatform(rt, platform);
  return realPlatform(rt, platform);
}
