// The connection table: every platform's OAuth connection as data, side by side.
import { META_GRAPH_VERSION } from "./meta/meta-graph";
import type { OAuthDeclaration } from "./platform-oauth";

/**
 * Every platform's OAuth connection as data, side by side: where the consent and token endpoints are, the scopes,
 * PKCE, how Herald's app proves itself, how the tokens stay alive and how accounts are listed. `declaredConnection`
 * (platform-oauth.ts) reads an entry; the adapter adds who the tokens speak for. Adding a platform's connection is
 * an entry here. Mastodon is not here: its app is registered on each instance (mastodon.ts).
 */
export const OAUTH_CONNECTIONS = {
  dribbble: {
    name: "Dribbble",
    app: { id: "DRIBBBLE_CLIENT_ID", secret: "DRIBBBLE_CLIENT_SECRET" },
    authorizeUrl: "https://dribbble.com/oauth/authorize",
    tokenUrl: "https://dribbble.com/oauth/token",
    // Read the profile, publish shots.
    scopes: ["public", "upload"],
    scopeSeparator: " ",
    pkce: false,
    clientAuth: "body",
    // Dribbble's pages name neither; its tokens do not expire.
    omits: ["response_type", "grant_type"],
    refresh: "none",
    accounts: "one",
  },
  facebook: {
    name: "Facebook",
    app: { id: "META_APP_ID", secret: "META_APP_SECRET" },
    authorizeUrl: `https://www.facebook.com/${META_GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${META_GRAPH_VERSION}/oauth/access_token`,
    tokenMethod: "GET",
    // List the user's Pages, post and comment as them, read their reactions.
    scopes: ["pages_show_list", "pages_manage_posts", "pages_read_engagement", "pages_manage_engagement"],
    scopeSeparator: ",",
    pkce: false,
    clientAuth: "body",
    // Page tokens read with a long-lived user token do not expire.
    longLived: {
      url: `https://graph.facebook.com/${META_GRAPH_VERSION}/oauth/access_token`,
      grantType: "fb_exchange_token",
    },
    refresh: "none",
    // Each Page granted, with its own Page token.
    accounts: "many",
  },
  google_business: {
    name: "Google Business Profile",
    app: { id: "GOOGLE_BUSINESS_CLIENT_ID", secret: "GOOGLE_BUSINESS_CLIENT_SECRET" },
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    // Manage the Business Profiles the user may manage: accounts, locations, local posts, reviews.
    scopes: ["https://www.googleapis.com/auth/business.manage"],
    scopeSeparator: " ",
    pkce: true,
    clientAuth: "body",
    // `offline` and `consent`, so every consent brings a refresh token.
    consentQuery: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
    refresh: "refresh_token",
    // Each Business Profile account the user may manage, its locations as destinations.
    accounts: "many",
  },
  instagram: {
    name: "Instagram",
    app: { id: "INSTAGRAM_APP_ID", secret: "INSTAGRAM_APP_SECRET" },
    authorizeUrl: "https://www.instagram.com/oauth/authorize",
    tokenUrl: "https://api.instagram.com/oauth/access_token",
    scopes: ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_comments"],
    scopeSeparator: ",",
    pkce: false,
    clientAuth: "body",
    longLived: {
      url: "https://graph.instagram.com/access_token",
      grantType: "ig_exchange_token",
      renewUrl: "https://graph.instagram.com/refresh_access_token",
      renewGrant: "ig_refresh_token",
    },
    refresh: "long-lived",
    // Instagram Login's tokens speak to graph.instagram.com, not graph.facebook.com.
    marks: { instagramLogin: true },
    accounts: "one",
  },
  kick: {
    name: "Kick",
    app: { id: "KICK_CLIENT_ID", secret: "KICK_CLIENT_SECRET" },
    authorizeUrl: "https://id.kick.com/oauth/authorize",
    tokenUrl: "https://id.kick.com/oauth/token",
    // Read the user, and write to chat.
    scopes: ["user:read", "chat:write"],
    scopeSeparator: " ",
    // Kick requires PKCE on every authorization, with the client secret at the token endpoint.
    pkce: true,
    clientAuth: "body",
    // Each refresh brings a new refresh token, kept in place of the old.
    refresh: "refresh_token",
    accounts: "one",
  },
  linkedin: {
    name: "LinkedIn",
    app: { id: "LINKEDIN_CLIENT_ID", secret: "LINKEDIN_CLIENT_SECRET" },
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    // Sign in with OpenID Connect (who the member is) and Share on LinkedIn (post as the member).
    scopes: ["openid", "profile", "w_member_social"],
    scopeSeparator: " ",
    // Community Management API: post and read as the organizations the member administers, and list them.
    optionalScopes: {
      setting: "LINKEDIN_COMPANY_PAGES",
      scopes: ["w_organization_social", "r_organization_social", "rw_organization_admin"],
    },
    // LinkedIn keeps PKCE for native apps it enables one by one.
    pkce: false,
    clientAuth: "body",
    // Refresh tokens only for the apps LinkedIn approves for them; without one, the member connects again.
    refresh: "refresh_token",
    // The member, and with company pages on, each organization they administer.
    accounts: "many",
  },
  pinterest: {
    name: "Pinterest",
    app: { id: "PINTEREST_APP_ID", secret: "PINTEREST_APP_SECRET" },
    authorizeUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    // Read the account and its boards, read and create Pins.
    scopes: ["boards:read", "pins:read", "pins:write", "user_accounts:read"],
    scopeSeparator: ",",
    pkce: false,
    clientAuth: "basic",
    // Continuous refresh: each refresh brings a new refresh token.
    refresh: "refresh_token",
    accounts: "one",
  },
  reddit: {
    name: "Reddit",
    app: { id: "REDDIT_CLIENT_ID", secret: "REDDIT_CLIENT_SECRET" },
    authorizeUrl: "https://www.reddit.com/api/v1/authorize",
    tokenUrl: "https://www.reddit.com/api/v1/access_token",
    // Who the account is, post and comment, read subreddits and posts, read a subreddit's flair.
    scopes: ["identity", "submit", "read", "flair"],
    scopeSeparator: " ",
    // Reddit's OAuth2 guide documents no PKCE; a web app proves itself with its secret.
    pkce: false,
    clientAuth: "basic",
    // `permanent`: the code brings a refresh token (access tokens live an hour).
    consentQuery: { duration: "permanent" },
    refresh: "refresh_token",
    accounts: "one",
  },
  threads: {
    name: "Threads",
    app: { id: "THREADS_APP_ID", secret: "THREADS_APP_SECRET" },
    authorizeUrl: "https://threads.com/oauth/authorize",
    tokenUrl: "https://graph.threads.com/oauth/access_token",
    // Read the profile, publish (and repost), reply, and read insights for plugs.
    scopes: ["threads_basic", "threads_content_publish", "threads_manage_replies", "threads_manage_insights"],
    scopeSeparator: ",",
    pkce: false,
    clientAuth: "body",
    longLived: {
      url: "https://graph.threads.com/access_token",
      grantType: "th_exchange_token",
      renewUrl: "https://graph.threads.com/refresh_access_token",
      renewGrant: "th_refresh_token",
    },
    refresh: "long-lived",
    accounts: "one",
  },
  tiktok: {
    name: "TikTok",
    app: { id: "TIKTOK_CLIENT_KEY", secret: "TIKTOK_CLIENT_SECRET" },
    authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: "https://open.tiktokapis.com/v2/oauth/token/",
    // Read the profile, post directly (`video.publish`), send to the inbox (`video.upload`), read video counts.
    scopes: ["user.info.basic", "video.publish", "video.upload", "video.list"],
    scopeSeparator: ",",
    // TikTok documents PKCE for desktop and mobile apps only.
    pkce: false,
    clientAuth: "body",
    clientFields: ["client_key", "client_secret"],
    refresh: "refresh_token",
    accounts: "one",
  },
  tumblr: {
    name: "Tumblr",
    app: { id: "TUMBLR_CLIENT_ID", secret: "TUMBLR_CLIENT_SECRET" },
    authorizeUrl: "https://www.tumblr.com/oauth2/authorize",
    tokenUrl: "https://api.tumblr.com/v2/oauth2/token",
    // Read, post, and keep a refresh token (access tokens live about 42 minutes).
    scopes: ["basic", "write", "offline_access"],
    scopeSeparator: " ",
    pkce: false,
    clientAuth: "body",
    // Refresh tokens rotate.
    refresh: "refresh_token",
    // The user, with their blogs as destinations.
    accounts: "one",
  },
  twitch: {
    name: "Twitch",
    app: { id: "TWITCH_CLIENT_ID", secret: "TWITCH_CLIENT_SECRET" },
    authorizeUrl: "https://id.twitch.tv/oauth2/authorize",
    tokenUrl: "https://id.twitch.tv/oauth2/token",
    // Send announcements to the broadcaster's own chat (as its moderator).
    scopes: ["moderator:manage:announcements"],
    scopeSeparator: " ",
    // Twitch's authorization code flow documents no PKCE.
    pkce: false,
    clientAuth: "body",
    // Twitch may rotate the refresh token.
    refresh: "refresh_token",
    // The broadcaster, keeping its login for the channel's URL.
    accounts: "one",
  },
  twitter: {
    name: "X",
    // A confidential client with a secret; a public one without.
    app: { id: "X_CLIENT_ID", secret: "X_CLIENT_SECRET", secretOptional: true },
    authorizeUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    // Read and write posts (and repost), read the profile, upload media, and keep a refresh token.
    scopes: ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"],
    scopeSeparator: " ",
    pkce: true,
    clientAuth: "basic",
    keeps: ["scope"],
    refresh: "refresh_token",
    accounts: "one",
  },
  whatsapp: {
    name: "WhatsApp",
    app: { id: "META_APP_ID", secret: "META_APP_SECRET" },
    // Facebook Login for Business; with an Embedded Signup configuration, Meta's Embedded Signup.
    authorizeUrl: `https://www.facebook.com/${META_GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${META_GRAPH_VERSION}/oauth/access_token`,
    tokenMethod: "GET",
    // Read the WhatsApp Business Accounts granted and their numbers and templates; send messages.
    scopes: ["whatsapp_business_management", "whatsapp_business_messaging"],
    scopeSeparator: ",",
    consentSettings: { config_id: "WHATSAPP_EMBEDDED_SIGNUP_CONFIG_ID" },
    pkce: false,
    clientAuth: "body",
    omits: ["grant_type"],
    // A business integration system user's token: it does not expire.
    refresh: "none",
    // Each phone number of each WhatsApp Business Account granted.
    accounts: "many",
  },
  youtube: {
    name: "YouTube",
    app: { id: "YOUTUBE_CLIENT_ID", secret: "YOUTUBE_CLIENT_SECRET" },
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    // Upload videos and set thumbnails, read the channel and its videos' statistics, post comments.
    scopes: [
      "https://www.googleapis.com/auth/youtube.upload",
      "https://www.googleapis.com/auth/youtube.readonly",
      "https://www.googleapis.com/auth/youtube.force-ssl",
    ],
    scopeSeparator: " ",
    pkce: true,
    clientAuth: "body",
    // `offline` and `consent`, so every consent brings a refresh token.
    consentQuery: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
    // Google keeps the refresh token (the answer has none).
    refresh: "refresh_token",
    // The channel.
    accounts: "one",
  },
} as const satisfies Record<string, OAuthDeclaration>;
