import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";
import { describeScope, isWriteScope } from "../services/auth";
import { html, page } from "./html";

/** The OAuth consent page: who asks, where access goes, each scope in words, and read-only access when it asks to write. */
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
