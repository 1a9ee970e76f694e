// The sign-in and sign-up page.
import { PASSWORD_MIN_LENGTH } from "../services/users";
import { html } from "./html";
import { shell } from "./shell";

/**
 * The sign-in and sign-up form (`mode`), sending the browser on to `next` once signed in; `email` fills the email
 * field in (an invitation's link asks for the invited email).
 */
export function signInPage(options: {
  mode: "signin" | "signup";
  next: string;
  csrf: string;
  error?: string;
  email?: string;
}) {
  const signingIn = options.mode === "signin";
  const carried = `next=${encodeURIComponent(options.next)}${options.email ? `&email=${encodeURIComponent(options.email)}` : ""}`;
  const title = signingIn ? "Sign in to Herald" : "Create your Herald account";
  const other = signingIn
    ? html`<p class="muted">New here? <a href="/signup?${carried}">Create an account</a>.</p>`
    : html`<p class="muted">Have an account? <a href="/signin?${carried}">Sign in</a>.</p>`;
  return shell({
    title,
    narrow: true,
    body: html`<h1>${title}</h1>
      ${options.error && html`<p class="notice bad" role="alert">${options.error}</p>`}
      <form class="card" method="post" action="/${options.mode}">
        <input type="hidden" name="csrf" value="${options.csrf}">
        <input type="hidden" name="next" value="${options.next}">
        ${!signingIn && html`<label for="name">Your name <span class="muted">(clients see it on your invite links)</span></label><input id="name" name="name" type="text" maxlength="100" autocomplete="name">`}
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${options.email ?? ""}" required>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" minlength="${signingIn ? 1 : PASSWORD_MIN_LENGTH}" autocomplete="${signingIn ? "current-password" : "new-password"}" required>
        <p class="actions"><button class="primary" type="submit">${signingIn ? "Sign in" : "Create account"}</button></p>
      </form>
      ${other}`,
  });
}
