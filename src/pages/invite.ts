// The client invite pages: the invite itself, a dead link, and what happened after a consent.
import type { InvitePage } from "../services/invites/client";
import { DEAD_LINK_WORDS } from "../services/invites/rules";
import { html } from "./html";
import { shell } from "./shell";

export interface InvitePageOptions {
  csrf: string;
  /** What just happened, leading the page. */
  notice?: { ok: boolean; message: string };
  /** The browser is signed in to Herald as someone else than the owner: no buttons, say why. */
  otherUserSignedIn?: boolean;
}

const places = (n: number) => (n === 1 ? "1 place" : `${n} places`);

const noticeOf = (notice?: InvitePageOptions["notice"]) =>
  notice &&
  (notice.ok
    ? html`<p class="notice ok" role="status">${notice.message}</p>`
    : html`<p class="notice bad" role="alert">${notice.message}</p>`);

/** The client's page: who invites them into which group, one button per platform, and the places left. */
export function invitePage(invite: InvitePage, options: InvitePageOptions) {
  const choose = options.otherUserSignedIn
    ? html`<p class="notice warn" role="alert">This browser is signed in to Herald as another user than ${invite.ownerName}. Sign out of Herald to connect accounts here.</p>`
    : invite.placesLeft === 0
      ? html`<p class="muted">No place is free right now; try again in a moment.</p>`
      : html`<form class="card row" method="post" action="/invite/${invite.token}/connect">
          <input type="hidden" name="csrf" value="${options.csrf}">
          ${invite.platforms.map((p) => html`<button type="submit" name="platform" value="${p.key}">Connect ${p.label}</button>`)}
        </form>`;
  return shell({
    title: `Connect your accounts for ${invite.ownerName}`,
    narrow: true,
    body: html`<h1>Connect your accounts for ${invite.ownerName}</h1>
      ${noticeOf(options.notice)}
      <p>${invite.ownerName} invites you to connect your social accounts to <strong>${invite.groupName}</strong>, so they can publish for you. You need no Herald account: pick a platform, sign in there and allow access.</p>
      <p id="places">${places(invite.placesLeft)} left on this link.</p>
      ${choose}`,
  });
}

/** A link that does not work (any more): which way, and nothing about whose it was. */
export const deadInvitePage = (state: keyof typeof DEAD_LINK_WORDS) =>
  shell({
    title: DEAD_LINK_WORDS[state].title,
    narrow: true,
    body: html`<h1>${DEAD_LINK_WORDS[state].title}</h1><p class="notice bad" role="alert">${DEAD_LINK_WORDS[state].message}</p>`,
  });

/** After a consent from the invite: what happened, then the invite again while it can take more. */
export const inviteOutcomePage = (
  outcome: { ok: boolean; message: string; page?: InvitePage },
  options: Omit<InvitePageOptions, "notice">,
) =>
  outcome.page
    ? invitePage(outcome.page, { ...options, notice: outcome })
    : shell({
        title: outcome.ok ? "Connected" : "Nothing was connected",
        narrow: true,
        body: html`<h1>${outcome.ok ? "Connected" : "Nothing was connected"}</h1>${noticeOf(outcome)}`,
      });
