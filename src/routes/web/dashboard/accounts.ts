/**
 * The dashboard's accounts and clients. Each form is a REST call's service: connect start, disconnect, account groups,
 * client invites (their create schema too), and a contact's controls (`PATCH /api/v1/accounts/{accountId}/contacts/
 * {contactId}`, its body schema too).
 */
import type { Context } from "hono";
import { AppError, validationError, validationFailure } from "../../../lib/errors";
import { accountsPage, contactsPage, disconnectPage, type Refused } from "../../../pages/dashboard/accounts";
import type { Notice } from "../../../pages/dashboard/layout";
import { errorPage } from "../../../pages/error";
import { dateTimeIn } from "../../../pages/format";
import { PLATFORM_KEYS, platformLabel } from "../../../platforms/catalog";
import { GroupCreateSchema, GroupUpdateSchema } from "../../../schemas/account-groups";
import { ClientInviteCreateSchema } from "../../../schemas/client-invites";
import { ContactControlsBody } from "../../../schemas/contacts";
import { ReportLinkCreateSchema } from "../../../schemas/report-links";
import { createGroup, deleteGroup, listGroups, updateGroup } from "../../../services/accounts/account-groups";
import { getOwnedAccount, listAccounts } from "../../../services/accounts/accounts";
import {
  connectWithBody,
  credentialForms,
  disconnectAccount,
  startOAuthConnection,
} from "../../../services/accounts/connect";
import { consentPlatforms } from "../../../services/accounts/consent";
import { createReportLink } from "../../../services/analytics/report-links";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import { accountsWithFlows, listContacts, setContactControls } from "../../../services/flows/contacts";
import { createClientInvite, listClientInvites, revokeClientInvite } from "../../../services/invites/manage";
import type { AppEnv } from "../../env";
import { toSignIn } from "../../forms";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, field, fields, showPage, viewerOf } from "./session";

/** Forms whose refusal is shown beside their fields, with what was typed. */
const FORMS_SHOWN_AGAIN = /^(group|invite|rename-.+|credentials-.+)$/;

/**
 * A refusal of bad input (400, 409) on a form shown again as typed (`formShown`, by default the one posted);
 * anything else leads the page.
 */
function refusedForm(c: Context<AppEnv>, notice?: Notice, status = 200, formShown?: string): Refused | undefined {
  const form = c.req.method === "POST" ? c.var.form : undefined;
  const name = formShown ?? (form ? field(form, "form") : "");
  if (!form || !notice || notice.ok || (status !== 400 && status !== 409) || !FORMS_SHOWN_AGAIN.test(name)) {
    return undefined;
  }
  return { form: name, values: form, message: notice.message };
}

async function renderAccounts(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200, formShown?: string) {
  const { rt } = c.var;
  const [viewer, accounts, groups, invites, withFlows] = await Promise.all([
    viewerOf(c, session),
    listAccounts(rt, session.userId),
    listGroups(rt, session.userId),
    listClientInvites(rt, session.userId),
    accountsWithFlows(rt, session.userId),
  ]);
  const refused = refusedForm(c, notice, status, formShown);
  const view = {
    accounts,
    groups,
    invites,
    consent: consentPlatforms(rt),
    credentials: credentialForms(rt),
    sandbox: rt.sandbox,
    withFlows,
    refused,
    notice: refused ? undefined : notice,
  };
  return showPage(c, accountsPage(viewer, view), status);
}

const is404 = (error: unknown) => error instanceof AppError && error.status === 404;
const noSuchAccount = (c: Context<AppEnv>) =>
  showPage(c, errorPage("No such account", "It does not exist, or it is not yours."), 404);

async function renderContacts(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  try {
    const [viewer, listed] = await Promise.all([
      viewerOf(c, session),
      listContacts(c.var.rt, session.userId, c.req.param("id") ?? ""),
    ]);
    return showPage(c, contactsPage(viewer, { listed, notice }), status);
  } catch (error) {
    if (is404(error)) return noSuchAccount(c);
    throw error;
  }
}

const accountsAction = (
  act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<Notice>,
) => dashboardAction(act, renderAccounts);

/** What the contact's controls are now, in words. */
function contactNotice(state: Awaited<ReturnType<typeof setContactControls>>, zone: string): Notice {
  const parts = [
    state.opted_out_at ? "opted out of automations" : "opted in to automations",
    state.human_until
      ? `with a person until ${dateTimeIn(Date.parse(state.human_until), zone)}`
      : "answered by automations",
  ];
  return { ok: true, message: `${state.contact_id} is ${parts.join(", ")}.` };
}

export const dashboardAccountRoutes = createRouter()
  .get("/dashboard/accounts", dashboardView(renderAccounts))
  .post("/dashboard/accounts/connect", dashboardForm("accounts:write"), async (c) => {
    const { session, form } = c.var;
    if (!session) return toSignIn(c);
    const platform = PLATFORM_KEYS.find((p) => p === field(form, "platform"));
    try {
      if (!platform) throw validationError("platform", "choose a platform");
      const started = await startOAuthConnection(c.var.rt, session.userId, platform);
      return c.redirect(started.authorization_url, 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return renderAccounts(c, session, { ok: false, message: error.message }, error.status);
    }
  })
  .post("/dashboard/accounts/credentials", dashboardForm("accounts:write"), async (c) => {
    const { session, form } = c.var;
    if (!session) return toSignIn(c);
    const platform = field(form, "platform");
    const credentials = credentialForms(c.var.rt).find((p) => p.platform === platform);
    if (!credentials) {
      const message = "platform: choose a platform that connects with credentials";
      return renderAccounts(c, session, { ok: false, message }, 400, "");
    }
    try {
      // The fields the platform takes, as typed; one left empty is not given (the optional ones).
      const body = Object.fromEntries(
        credentials.fields.flatMap(({ name }) =>
          field(form, name).trim() === "" ? [] : [[name, field(form, name).trim()]],
        ),
      );
      const connected = await connectWithBody(c.var.rt, session.userId, credentials.platform, body);
      if ("consent" in connected) return c.redirect(connected.consent.authorization_url, 303);
      const { account, created } = connected;
      const message = `${platformLabel(account.platform)} · ${account.name} is ${created ? "connected" : "connected again"}.`;
      return renderAccounts(c, session, { ok: true, message });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return renderAccounts(c, session, { ok: false, message: error.message }, error.status, `credentials-${platform}`);
    }
  })
  .get(
    "/dashboard/accounts/:id/disconnect",
    dashboardView(async (c, session) => {
      try {
        const [viewer, account] = await Promise.all([
          viewerOf(c, session),
          getOwnedAccount(c.var.rt, session.userId, c.req.param("id") ?? ""),
        ]);
        return showPage(c, disconnectPage(viewer, account));
      } catch (error) {
        if (is404(error)) return noSuchAccount(c);
        throw error;
      }
    }),
  )
  .post(
    "/dashboard/accounts/:id/disconnect",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session) => {
      const account = await disconnectAccount(c.var.rt, session.userId, c.req.param("id") ?? "");
      return { ok: true, message: `${platformLabel(account.platform)} · ${account.name} is disconnected.` };
    }),
  )
  .post(
    "/dashboard/accounts/groups",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session, form) => {
      const parsed = GroupCreateSchema.safeParse({ name: field(form, "name") });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const group = await createGroup(c.var.rt, session.userId, parsed.data);
      return { ok: true, message: `Group ${group.name} created.` };
    }),
  )
  .post(
    "/dashboard/accounts/groups/:groupId/rename",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session, form) => {
      const parsed = GroupUpdateSchema.safeParse({ name: field(form, "name") });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const group = await updateGroup(c.var.rt, session.userId, c.req.param("groupId") ?? "", parsed.data);
      return { ok: true, message: `Renamed to ${group.name}.` };
    }),
  )
  .post(
    "/dashboard/accounts/groups/:groupId/report-link",
    dashboardForm("posts:write"),
    accountsAction(async (c, session, form) => {
      const days = field(form, "days");
      const parsed = ReportLinkCreateSchema.safeParse({
        group_id: c.req.param("groupId") ?? "",
        ...(days === "" ? {} : { days: Number(days) }),
      });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const link = await createReportLink(c.var.rt, session.userId, parsed.data);
      return { ok: true, message: "Report link created. Send it to your client:", secret: link.url };
    }),
  )
  .post(
    "/dashboard/accounts/groups/:groupId/delete",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session) => {
      await deleteGroup(c.var.rt, session.userId, c.req.param("groupId") ?? "");
      return { ok: true, message: "Group deleted: its accounts stay connected, and its open invites were revoked." };
    }),
  )
  .post(
    "/dashboard/accounts/invites",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session, form) => {
      const places = field(form, "max_accounts").trim();
      const parsed = ClientInviteCreateSchema.safeParse({
        group_id: field(form, "group_id"),
        platforms: fields(form, "platforms"),
        max_accounts: places === "" ? undefined : Number(places),
      });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const invite = await createClientInvite(c.var.rt, principalForSession(session), parsed.data);
      return { ok: true, message: "Invite created. Send this link to your client:", secret: invite.url };
    }),
  )
  .post(
    "/dashboard/accounts/invites/:inviteId/revoke",
    dashboardForm("accounts:write"),
    accountsAction(async (c, session) => {
      await revokeClientInvite(c.var.rt, session.userId, c.req.param("inviteId") ?? "");
      return { ok: true, message: "The link was turned off; the accounts it added stay connected." };
    }),
  )
  .get("/dashboard/accounts/:id/contacts", dashboardView(renderContacts))
  .post(
    "/dashboard/accounts/:id/contacts/:contactId",
    dashboardForm("flows:write"),
    dashboardAction(async (c, session, form) => {
      const minutes = field(form, "human_takeover_minutes");
      const optedOut = field(form, "opted_out");
      const parsed = ContactControlsBody.safeParse({
        ...(minutes === "" ? {} : { human_takeover_minutes: Number(minutes) }),
        ...(optedOut === "" ? {} : { opted_out: optedOut === "1" ? true : optedOut === "0" ? false : optedOut }),
      });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const accountId = c.req.param("id") ?? "";
      const contactId = c.req.param("contactId") ?? "";
      const state = await setContactControls(c.var.rt, session.userId, accountId, contactId, parsed.data);
      return contactNotice(state, (await viewerOf(c, session)).zone);
    }, renderContacts),
  );
