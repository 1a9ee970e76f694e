// Bindings that wrangler.toml does not declare, so `wrangler types` cannot see them.
interface UndeclaredBindings {
  /** "true" turns on the sandbox platform, the movable clock and /api/v1/sandbox/* (local dev and tests). */
  SANDBOX?: string;
  /**
   * "true" counts each request's round trips to D1, Durable Objects, Queues, KV and R2 and reports them in the
   * `X-Herald-Round-Trips` and `X-Herald-D1-Rows` answer headers (tests and `npm run bench`; never in production).
   */
  COUNT_ROUND_TRIPS?: string;
  /** "true" serves the bench's one-insert floor route (`POST /bench/insert-floor`; `npm run bench`, never in production). */
  BENCH_FLOORS?: string;
  /**
   * Secret (`wrangler secret put ENCRYPTION_KEY`, 32+ random characters; `openssl rand -base64 32`) from which the
   * keys that encrypt stored secrets (platform tokens, webhook signing secrets) are derived. Required outside the sandbox.
   */
  ENCRYPTION_KEY?: string;
  /**
   * Secret: the Resend API key (https://resend.com/docs/api-reference/emails/send-email) through which Herald sends
   * mail (team invitations, reports). Without it, mail outside the sandbox is refused with 503 `mail_not_configured`.
   */
  RESEND_API_KEY?: string;
  /** The sender of Herald's mail, on a domain verified at Resend: `Herald <team@example.com>`. */
  MAIL_FROM?: string;
  /** Secrets: the X app's OAuth 2.0 client (see docs/platforms.md). The secret is absent for a public client. */
  X_CLIENT_ID?: string;
  X_CLIENT_SECRET?: string;
  /** Secrets: the LinkedIn app's client (see docs/platforms.md). */
  LINKEDIN_CLIENT_ID?: string;
  LINKEDIN_CLIENT_SECRET?: string;
  /** "true" asks for the organization scopes too and connects the pages the member administers (Community Management API). */
  LINKEDIN_COMPANY_PAGES?: string;
  /**
   * Secrets: the Meta app (Facebook Login for Pages). The secret also signs Facebook Graph calls with
   * `appsecret_proof`.
   */
  META_APP_ID?: string;
  META_APP_SECRET?: string;
  /** An Embedded Signup configuration of the Meta app: WhatsApp's consent becomes Meta's Embedded Signup. */
  WHATSAPP_EMBEDDED_SIGNUP_CONFIG_ID?: string;
  /**
   * Secret: the verify token Meta's webhook subscription (Instagram, Facebook Pages, WhatsApp) is set up with;
   * `GET /webhooks/platforms/{platform}` answers the handshake only with it.
   */
  META_WEBHOOK_VERIFY_TOKEN?: string;
  /** Secrets: the Instagram app id and secret of the Meta app's Instagram product (Business Login for Instagram). */
  INSTAGRAM_APP_ID?: string;
  INSTAGRAM_APP_SECRET?: string;
  /** Secrets: the Threads app id and secret of the Meta app's Threads use case. */
  THREADS_APP_ID?: string;
  THREADS_APP_SECRET?: string;
  /** Secrets: the TikTok app's client key and secret (Login Kit and the Content Posting API). */
  TIKTOK_CLIENT_KEY?: string;
  TIKTOK_CLIENT_SECRET?: string;
  /** Secrets: the Google Cloud project's OAuth client with the YouTube Data API v3 enabled. */
  YOUTUBE_CLIENT_ID?: string;
  YOUTUBE_CLIENT_SECRET?: string;
  /** Secrets: the Pinterest app's id and secret key. */
  PINTEREST_APP_ID?: string;
  PINTEREST_APP_SECRET?: string;
  /** Secrets: the Dribbble application's client id and secret. */
  DRIBBBLE_CLIENT_ID?: string;
  DRIBBBLE_CLIENT_SECRET?: string;
  /** Secrets: the Twitch application's client id and secret. */
  TWITCH_CLIENT_ID?: string;
  TWITCH_CLIENT_SECRET?: string;
  /** Secrets: the Kick app's client id and secret. */
  KICK_CLIENT_ID?: string;
  KICK_CLIENT_SECRET?: string;
  /** Secrets: the Tumblr application's OAuth consumer key and secret (OAuth 2.0). */
  TUMBLR_CLIENT_ID?: string;
  TUMBLR_CLIENT_SECRET?: string;
  /** Secrets: the Reddit app's client id and secret (a "web app"). */
  REDDIT_CLIENT_ID?: string;
  REDDIT_CLIENT_SECRET?: string;
  /** Var: the Reddit username of the app's developer, named in the User-Agent as Reddit's API rules ask. */
  REDDIT_DEVELOPER_USERNAME?: string;
  /** Secrets: the Google Cloud OAuth client's id and secret with the Business Profile APIs enabled. */
  GOOGLE_BUSINESS_CLIENT_ID?: string;
  GOOGLE_BUSINESS_CLIENT_SECRET?: string;
  /**
   * Workers AI (`[ai] binding = "AI"`): writes AI-mode RSS posts, draws `image: ai` images and builds flows for
   * generate_flow. Without it a deterministic local writer, a local PNG pattern and a local flow builder stand in.
   */
  AI?: Ai;
}
interface Env extends UndeclaredBindings {}
declare namespace Cloudflare {
  interface Env extends UndeclaredBindings {}
}

/** WASM files imported as compiled modules (wrangler's `CompiledWasm` rule; the image codecs). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
