// Bindings that wrangler.toml does not declare, so `wrangler types` cannot see them.
interface SandboxSwitch {
  /** "true" turns on the sandbox platform, the movable clock and /api/v1/sandbox/* (local dev and tests). */
  SANDBOX?: string;
}
interface Env extends SandboxSwitch {}
declare namespace Cloudflare {
  interface Env extends SandboxSwitch {}
}
