// The dashboard's members page and its forms: invite, change a role, remove (owner and admin).
import type { Context } from "hono";
import { validationFailure } from "../../../lib/errors";
import type { Notice } from "../../../pages/dashboard/layout";
import { membersPage } from "../../../pages/dashboard/members";
import { InviteMemberBody, UpdateMemberBody } from "../../../schemas/members";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import { aRole, roleAllows } from "../../../services/roles";
import { changeMemberRole, inviteMember, listMembers, removeMember, seatsOf } from "../../../services/teams/members";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, field, showPage, viewerOf } from "./session";

async function renderMembers(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const { rt } = c.var;
  const [viewer, members, seats] = await Promise.all([
    viewerOf(c, session),
    listMembers(rt, session.userId),
    seatsOf(rt, session.userId, session.plan),
  ]);
  const manages = roleAllows(session.role, "workspace:write");
  return showPage(c, membersPage(viewer, { members, seats, manages, notice }), status);
}

const membersAction = (act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<Notice>) =>
  dashboardAction(act, renderMembers);

export const dashboardMemberRoutes = createRouter()
  .get("/dashboard/members", dashboardView(renderMembers))
  .post(
    "/dashboard/members",
    dashboardForm("workspace:write"),
    membersAction(async (c, session, form) => {
      const parsed = InviteMemberBody.safeParse({ email: field(form, "email").trim(), role: field(form, "role") });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const invited = await inviteMember(c.var.rt, principalForSession(session), parsed.data);
      const mailed = invited.emailed ? "We mailed it to them" : "The mail could not go out: send it yourself";
      return {
        ok: true,
        message: `${invited.email} is invited as ${aRole(invited.role)}. ${mailed}; the link:`,
        secret: invited.invite_url,
      };
    }),
  )
  .post(
    "/dashboard/members/:id/role",
    dashboardForm("workspace:write"),
    membersAction(async (c, session, form) => {
      const parsed = UpdateMemberBody.safeParse({ role: field(form, "role") });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const member = await changeMemberRole(
        c.var.rt,
        principalForSession(session),
        c.req.param("id") ?? "",
        parsed.data.role,
      );
      return { ok: true, message: `${member.email} is now ${aRole(member.role)}.` };
    }),
  )
  .post(
    "/dashboard/members/:id/remove",
    dashboardForm("workspace:write"),
    membersAction(async (c, session) => {
      await removeMember(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
      return { ok: true, message: "Removed: their keys, sessions and app grants here stopped working." };
    }),
  );
