// Bindings that wrangler.toml does not declare, so `wrangler types` cannot see them.
interface UndeclaredBindings {
  /** "true" turns on the sandbox platform, the movable clock and /api/v1/sandbox/* (local dev and tests). */
  SANDBOX?: string;
  /**
   * A secret (`wrangler secret put ENCRYPTION_KEY`, 32+ random characters) from which the keys that encrypt
   * stored secrets (webhook signing secrets) are derived. Required outside the sandbox.
   */
  ENCRYPTION_KEY?: string;
}
interface Env extends UndeclaredBindings {}
declare namespace Cloudflare {
  interface Env extends UndeclaredBindings {}
}
