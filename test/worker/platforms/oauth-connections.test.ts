import { describe, expect, it } from "vitest";
import { TumblrAdapter } from "../../../src/platforms/blogs/tumblr";
import { DribbbleAdapter } from "../../../src/platforms/dribbble";
import { GoogleBusinessAdapter } from "../../../src/platforms/google/google-business";
import { LinkedInAdapter } from "../../../src/platforms/linkedin/linkedin";
import { FacebookAdapter } from "../../../src/platforms/meta/facebook";
import { InstagramAdapter } from "../../../src/platforms/meta/instagram";
import { ThreadsAdapter } from "../../../src/platforms/meta/threads";
import { OAUTH_CONNECTIONS } from "../../../src/platforms/oauth-connections";
import { PinterestAdapter } from "../../../src/platforms/pinterest";
import type { OAuthDeclaration } from "../../../src/platforms/platform-oauth";
import { RedditAdapter } from "../../../src/platforms/reddit/reddit";
import { KickAdapter } from "../../../src/platforms/streaming/kick";
import { TwitchAdapter } from "../../../src/platforms/streaming/twitch";
import type { AdapterDeps, OAuthConnection } from "../../../src/platforms/types";
import { TikTokAdapter } from "../../../src/platforms/video/tiktok";
import { YouTubeAdapter } from "../../../src/platforms/video/youtube";
import { WhatsAppAdapter } from "../../../src/platforms/whatsapp/whatsapp";
import { XAdapter } from "../../../src/platforms/x";
import { json, scriptedPlatform } from "../helpers/platform";

// Each adapter's connection speaks what its OAUTH_CONNECTIONS entry declares: the table is the truth, not a comment.

const ADAPTERS: Record<keyof typeof OAUTH_CONNECTIONS, (deps: AdapterDeps) => { connection?: unknown }> = {
  dribbble: (deps) => new DribbbleAdapter(deps),
  facebook: (deps) => new FacebookAdapter(deps),
  google_business: (deps) => new GoogleBusinessAdapter(deps),
  instagram: (deps) => new InstagramAdapter(deps),
  kick: (deps) => new KickAdapter(deps),
  linkedin: (deps) => new LinkedInAdapter(deps),
  pinterest: (deps) => new PinterestAdapter(deps),
  reddit: (deps) => new RedditAdapter(deps),
  threads: (deps) => new ThreadsAdapter(deps),
  tiktok: (deps) => new TikTokAdapter(deps),
  tumblr: (deps) => new TumblrAdapter(deps),
  twitch: (deps) => new TwitchAdapter(deps),
  twitter: (deps) => new XAdapter(deps),
  whatsapp: (deps) => new WhatsAppAdapter(deps),
  youtube: (deps) => new YouTubeAdapter(deps),
};

const CALLBACK = "https://herald.example/api/v1/connect/p/callback";
const DECLARED = Object.entries(OAUTH_CONNECTIONS).map(([key, declared]) => ({
  key: key as keyof typeof OAUTH_CONNECTIONS,
  declared: declared as OAuthDeclaration,
}));

function connect(key: keyof typeof OAUTH_CONNECTIONS, declared: OAuthDeclaration, answers = 0) {
  const env = { [declared.app.id]: "app-id-1", [declared.app.secret]: "app-secret-2" };
  const script = Array.from({ length: answers }, () => ({
    expect: `POST ${declared.tokenUrl}`,
    answer: json(200, { access_token: "at", refresh_token: "rt", expires_in: 3600 }),
  }));
  const platform = scriptedPlatform(script, env);
  return { platform, connection: ADAPTERS[key](platform.deps).connection as OAuthConnection };
}

describe("OAuth connections: each adapter speaks its declaration", () => {
  it.each(DECLARED)("$key: the consent URL, scopes and PKCE as declared", ({ key, declared }) => {
    const { connection } = connect(key, declared);
    const url = new URL(connection.authorizationUrl({ state: "st", codeChallenge: "ch", redirectUri: CALLBACK }));
    expect(url.origin + url.pathname).toBe(declared.authorizeUrl);
    const [idField] = declared.clientFields ?? ["client_id"];
    expect(url.searchParams.get(idField)).toBe("app-id-1");
    expect(url.searchParams.get("scope")).toBe(declared.scopes.join(declared.scopeSeparator));
    expect(url.searchParams.get("code_challenge")).toBe(declared.pkce ? "ch" : null);
    expect(url.searchParams.has("response_type")).toBe(!declared.omits?.includes("response_type"));
    expect(connection.requiredEnv).toEqual(
      declared.app.secretOptional ? [declared.app.id] : [declared.app.id, declared.app.secret],
    );
  });

  it.each(DECLARED)("$key: accounts listed and tokens renewed as declared", ({ key, declared }) => {
    const { connection } = connect(key, declared);
    if (declared.accounts === "many") {
      expect(connection.accounts).toBeTypeOf("function");
      expect(connection.identify).toBeUndefined();
    } else {
      expect(connection.identify ?? connection.accounts).toBeTypeOf("function");
    }
    expect(connection.refresh === undefined).toBe(declared.refresh === "none");
  });

  // Meta's GET exchanges (Facebook, Instagram, Threads, WhatsApp) are held to their URLs in their own tests.
  it.each(DECLARED.filter(({ declared }) => !declared.longLived && !declared.tokenMethod))(
    "$key: the code exchange at the token URL, the app proving itself as declared",
    async ({ key, declared }) => {
      const { platform, connection } = connect(key, declared, 1);
      await connection.exchangeCode({ code: "the-code", codeVerifier: "the-verifier", redirectUri: CALLBACK });
      const [sent] = platform.sent;
      const body = sent!.body as Record<string, string>;
      const [idField, secretField] = declared.clientFields ?? ["client_id", "client_secret"];
      expect(body.code).toBe("the-code");
      expect(body.code_verifier).toBe(declared.pkce ? "the-verifier" : undefined);
      if (declared.clientAuth === "basic") {
        expect(sent!.headers.authorization).toBe(`Basic ${btoa("app-id-1:app-secret-2")}`);
        expect(body[secretField]).toBeUndefined();
      } else {
        expect(sent!.headers.authorization).toBeUndefined();
        expect([body[idField], body[secretField]]).toEqual(["app-id-1", "app-secret-2"]);
      }
    },
  );
});
