// Bindings that wrangler.toml does not declare, so `wrangler types` cannot see them.
interface UndeclaredBindings {
  /** "true" turns on the sandbox platform, the movable clock and /api/v1/sandbox/* (local dev and tests). */
  SANDBOX?: string;
  /**
   * Secret (`wrangler secret put ENCRYPTION_KEY`, 32+ random characters; `openssl rand -base64 32`) from which the
   * keys that encrypt stored secrets (platform tokens, webhook signing secrets) are derived. Required outside the sandbox.
   */
  ENCRYPTION_KEY?: string;
  /** Secrets: the X app's OAuth 2.0 client (see docs/platforms.md). The secret is absent for a public client. */
  X_CLIENT_ID?: string;
  X_CLIENT_SECRET?: string;
  /** Secret: the Meta app secret; when set, Facebook and Instagram calls carry `appsecret_proof`. */
  META_APP_SECRET?: string;
  /**
   * Workers AI (`[ai] binding = "AI"`): writes AI-mode RSS posts and draws `image: ai` images. Without it a
   * deterministic local writer and a local PNG pattern stand in.
   */
  AI?: Ai;
}
interface Env extends UndeclaredBindings {}
declare namespace Cloudflare {
  interface Env extends UndeclaredBindings {}
}
