// The invitation page a person opens from a workspace invitation's link (`/join/<token>`), and what happens after.
import { aRole } from "../services/roles";
import { html } from "./html";
import { shell } from "./shell";

export interface JoinInvitation {
  email: string;
  role: string;
  workspace: string;
  inviter: string;
}

export interface JoinPageOptions {
  token: string;
  /** The signed-in person (null: signed out) and their session's CSRF token. */
  signedIn: { email: string; csrf: string } | null;
  /** A refusal of the last Accept, leading the page. */
  error?: string;
}

/**
 * Who invites whom into which workspace with which role; signed out: sign in or sign up as the invited email;
 * signed in as that email: the Accept button; signed in as someone else: why there is no button.
 */
export function joinPage(invitation: JoinInvitation, options: JoinPageOptions) {
  const title = `Join ${invitation.workspace} on Herald`;
  const carried = `next=${encodeURIComponent(`/join/${options.token}`)}&email=${encodeURIComponent(invitation.email)}`;
  const { signedIn } = options;
  const matches = signedIn && signedIn.email.toLowerCase() === invitation.email.toLowerCase();
  const act = !signedIn
    ? html`<p>Sign in or create an account as <strong>${invitation.email}</strong> to accept.</p>
        <p class="row"><a class="button primary" id="sign-up" href="/signup?${carried}">Create an account</a> <a class="button" id="sign-in" href="/signin?${carried}">Sign in</a></p>`
    : matches
      ? html`<form method="post" action="/join/${options.token}/accept">
          <input type="hidden" name="csrf" value="${signedIn.csrf}">
          <button class="primary" type="submit">Accept and join ${invitation.workspace}</button>
        </form>`
      : html`<p class="notice warn" role="alert" id="mismatch">You are signed in as ${signedIn.email}, but this invitation is for ${invitation.email}. Sign out and sign in as ${invitation.email} to accept it.</p>
        <form method="post" action="/signout"><input type="hidden" name="csrf" value="${signedIn.csrf}"><button type="submit">Sign out</button></form>`;
  return shell({
    title,
    narrow: true,
    body: html`<h1>${title}</h1>
      ${options.error && html`<p class="notice bad" role="alert" id="refusal">${options.error}</p>`}
      <section class="card">
      <p id="invitation"><strong>${invitation.inviter}</strong> invites <strong>${invitation.email}</strong> to the workspace <strong>${invitation.workspace}</strong> as <strong>${aRole(invitation.role)}</strong>.</p>
      ${act}</section>`,
  });
}

/** The invitation was accepted: the session now acts in the joined workspace. */
export const joinedPage = (joined: { workspace_name: string; role: string }) =>
  shell({
    title: `You joined ${joined.workspace_name}`,
    narrow: true,
    body: html`<h1>You joined ${joined.workspace_name}</h1>
      <p class="notice ok" role="status" id="joined">You are ${aRole(joined.role)} of ${joined.workspace_name}; the dashboard now acts in it.</p>
      <p><a class="button primary" href="/dashboard">Open the dashboard</a></p>`,
  });

/** A link that was used, expired or was revoked (nothing about whose it was). */
export const deadJoinPage = (message: string) =>
  shell({
    title: "This invitation no longer works",
    narrow: true,
    body: html`<h1>This invitation no longer works</h1><p class="notice bad" role="alert" id="refusal">${message}. Ask whoever invited you for a new one.</p>`,
  });
