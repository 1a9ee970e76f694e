import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";
import { html, page } from "../pages/html";
import type { Scope } from "../services/auth";

const SCOPE_WORDS: Record<Scope, string> = {
  "accounts:read": "See your connected accounts and client invites",
  "accounts:write": "Connect and disconnect accounts, manage API keys and client invites",
  "posts:read": "See your posts, posting slots, plugs and feeds",
  "posts:write": "Create, schedule, change and delete posts, posting slots, plugs and feeds",
  "flows:read": "See your automation flows and the data they collected",
  "flows:write": "Build and change your automation flows",
  "webhooks:read": "See your webhooks and their deliveries",
  "webhooks:write": "Add, change and remove webhooks",
  "agent:execute": "Use Herald's agent tools for you",
  "agent:destructive": "Let agent tools delete things",
};

export const describeScope = (scope: string) => SCOPE_WORDS[scope as Scope] ?? scope;

export const isWriteScope = (scope: string) => scope.endsWith(":write") || scope === "agent:destructive";

export function signInPage(options: { mode: "signin" | "signup"; next: string; csrf: string; error?: string }) {
  const signingIn = options.mode === "signin";
  const title = signingIn ? "Sign in to Herald" : "Create your Herald account";
  const other = signingIn
    ? html`<p class="note">New here? <a href="/signup?next=${encodeURIComponent(options.next)}">Create an account</a>.</p>`
    : html`<p class="note">Have an account? <a href="/signin?next=${encodeURIComponent(options.next)}">Sign in</a>.</p>`;
  return page(
    title,
    html`<h1>${title}</h1>
      ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ""}
      <form method="post" action="/${options.mode}">
        <input type="hidden" name="csrf" value="${options.csrf}">
        <input type="hidden" name="next" value="${options.next}">
        ${signingIn ? "" : html`<label for="name">Your name <span class="note">(clients see it on your invite links)</span></label><input id="name" name="name" type="text" maxlength="100" autocomplete="name">`}
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" minlength="${signingIn ? 1 : 10}" autocomplete="${signingIn ? "current-password" : "new-password"}" required>
        <button type="submit">${signingIn ? "Sign in" : "Create account"}</button>
      </form>
      ${other}`,
  );
}

export function consentPage(details: ConsentDescription, handle: string, csrf: string, email: string) {
  const asksWrite = details.scope.some(isWriteScope);
  const scopes = details.scope.map((s) => html`<li>${describeScope(s)} <span class="note">(${s})</span></li>`);
  return page(
    `Allow ${details.clientName}?`,
    html`<h1>Allow <strong>${details.clientName}</strong> to use your Herald account?</h1>
      <p class="note">Signed in as ${email}. ${details.clientDomain ? html`Published by <strong>${details.clientDomain}</strong>.` : "This app registered itself; its name is not verified."}</p>
      <p>Access will be sent to <strong>${details.redirectHost}</strong>.</p>
      ${details.redirectIsLoopback ? html`<p class="warning">This sends access to an app on your computer. Continue only if you just started signing in from it.</p>` : ""}
      <p>It asks to:</p><ul>${scopes}</ul>
      <form method="post" action="/api/oauth/authorize">
        <input type="hidden" name="handle" value="${handle}">
        <input type="hidden" name="csrf" value="${csrf}">
        ${asksWrite ? html`<label><input type="checkbox" name="read_only" value="1"> Read-only access: let it see, but not change anything</label>` : ""}
        <button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>`,
  );
}

export const errorPage = (title: string, message: string) =>
  page(
    title,
    html`<h1>${title}</h1><p class="error" role="alert">${message}</p><p><a href="/settings">Back to Herald</a></p>`,
  );
