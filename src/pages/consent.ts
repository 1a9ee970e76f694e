// The consent pages: Herald's OAuth consent, a connection's outcome, and the sandbox's stand-in consent.
import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";
import { describeScope, isWriteScope } from "../services/auth/auth";
import { html } from "./html";
import { shell } from "./shell";

/** The OAuth consent page: who asks, where access goes, each scope in words, and read-only access when it asks to write. */
export function consentPage(details: ConsentDescription, handle: string, csrf: string, email: string) {
  const asksWrite = details.scope.some(isWriteScope);
  const scopes = details.scope.map((s) => html`<li>${describeScope(s)} <span class="muted">(${s})</span></li>`);
  return shell({
    title: `Allow ${details.clientName}?`,
    narrow: true,
    body: html`<h1>Allow <strong>${details.clientName}</strong> to use your Herald account?</h1>
      <p class="muted">Signed in as ${email}. ${details.clientDomain ? html`Published by <strong>${details.clientDomain}</strong>.` : "This app registered itself; its name is not verified."}</p>
      <p>Access will be sent to <strong>${details.redirectHost}</strong>.</p>
      ${details.redirectIsLoopback && html`<p class="notice warn">This sends access to an app on your computer. Continue only if you just started signing in from it.</p>`}
      <p>It asks to:</p><ul>${scopes}</ul>
      <form class="card" method="post" action="/api/oauth/authorize">
        <input type="hidden" name="handle" value="${handle}">
        <input type="hidden" name="csrf" value="${csrf}">
        ${asksWrite && html`<label class="check"><input type="checkbox" name="read_only" value="1"> Read-only access: let it see, but not change anything</label>`}
        <button class="primary" type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>`,
  });
}

/** The owner's own consent, finished in the browser. */
export const connectedPage = (names: string[], platform: string) =>
  shell({
    title: "Connected",
    narrow: true,
    body: html`<h1>Connected</h1><p class="notice ok" role="status">Connected ${names.join(", ")} (${platform}) to Herald.</p><p><a href="/dashboard/accounts">Go to your accounts</a></p>`,
  });

/** A consent refused at its return (wrong browser, unknown state, denied…): nothing was connected. */
export const consentRefusedPage = (message: string) =>
  shell({
    title: "Nothing was connected",
    narrow: true,
    body: html`<h1>Nothing was connected</h1><p class="notice bad" role="alert">${message}</p>`,
  });

export interface SandboxConsentView {
  platform: string;
  label: string;
  state: string;
  redirectUri: string;
  codeChallenge: string;
  csrf: string;
  error?: string;
}

/**
 * In sandbox mode, this page stands in for every platform's consent page: the person names the account they
 * consent as, and allows or denies.
 */
export const sandboxConsentPage = (view: SandboxConsentView) =>
  shell({
    title: `${view.label} (sandbox): allow Herald?`,
    narrow: true,
    body: html`<h1>${view.label} (sandbox): allow Herald to publish for you?</h1>
      <p class="muted">Sandbox mode: this page stands in for ${view.label}'s own consent page. Type the name of the ${view.label} account you consent as; the same name is the same account.</p>
      ${view.error && html`<p class="notice bad" role="alert">${view.error}</p>`}
      <form class="card" method="post" action="/sandbox/consent">
        <input type="hidden" name="csrf" value="${view.csrf}">
        <input type="hidden" name="platform" value="${view.platform}">
        <input type="hidden" name="state" value="${view.state}">
        <input type="hidden" name="redirect_uri" value="${view.redirectUri}">
        <input type="hidden" name="code_challenge" value="${view.codeChallenge}">
        <label for="name">${view.label} account name</label>
        <input id="name" name="name" type="text" maxlength="100" required>
        <button class="primary" type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </form>`,
  });
