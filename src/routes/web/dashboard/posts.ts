// The dashboard's calendar, post list and post page, with the post's approval and review link forms.
import type { Context } from "hono";
import { AppError, validationError, validationFailure } from "../../../lib/errors";
import { dateIn, mondayOf } from "../../../lib/time";
import { calendarPage } from "../../../pages/dashboard/calendar";
import { type Notice, ZONE_SCRIPT } from "../../../pages/dashboard/layout";
import { postPage } from "../../../pages/dashboard/post";
import { postListPage } from "../../../pages/dashboard/posts";
import { errorPage } from "../../../pages/error";
import { dateTimeIn } from "../../../pages/format";
import { platformLabel } from "../../../platforms/catalog";
import { POST_STATUSES } from "../../../schemas/posts";
import { ReviewLinkCreateBody } from "../../../schemas/reviews";
import { listAccounts } from "../../../services/accounts/accounts";
import { getPostAnalytics } from "../../../services/analytics/post";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import { planOf } from "../../../services/plans";
import { listPlugs } from "../../../services/plugs/plugs";
import { requestApproval } from "../../../services/posts/approval";
import { calendarWeek } from "../../../services/posts/calendar";
import { type PostRow, presentSteps } from "../../../services/posts/present";
import { previewTargets } from "../../../services/posts/preview";
import { stepsOf } from "../../../services/posts/steps";
import { listPosts, loadOwned } from "../../../services/posts/store";
import { decideAsOwner, decisionsOn, presentDecision } from "../../../services/reviews/decisions";
import { createReviewLink, linksOfPost, revokeReviewLink } from "../../../services/reviews/links";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, field, scriptResponse, showPage, viewerOf } from "./session";

async function renderCalendar(c: Context<AppEnv>, session: Session) {
  const viewer = await viewerOf(c, session);
  const today = dateIn(c.var.rt.clock.now(), viewer.zone);
  const monday = mondayOf(c.req.query("week") ?? today) ?? mondayOf(today)!;
  const [days, accounts, waiting] = await Promise.all([
    calendarWeek(c.var.rt, session.userId, monday, viewer.zone),
    listAccounts(c.var.rt, session.userId),
    listPosts(c.var.rt, session.userId, { status: "waiting_for_approval", limit: 10 }),
  ]);
  const names = new Map(accounts.map((a) => [a.id, { platform: platformLabel(a.platform), name: a.name }]));
  const view = {
    days,
    today,
    now: c.var.rt.clock.now(),
    waiting: waiting.data,
    previous: mondayOf(monday, -1)!,
    next: mondayOf(monday, 1)!,
    accounts: names,
  };
  return showPage(c, calendarPage(viewer, view));
}

async function renderPostList(c: Context<AppEnv>, session: Session) {
  const viewer = await viewerOf(c, session);
  const asked = c.req.query("status");
  const status = POST_STATUSES.find((s) => s === asked);
  const page = await listPosts(c.var.rt, session.userId, { status, limit: 25, cursor: c.req.query("cursor") });
  return showPage(c, postListPage(viewer, { posts: page.data, status, nextCursor: page.next_cursor }));
}

async function renderPost(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const { rt } = c.var;
  const viewer = await viewerOf(c, session);
  const postId = c.req.param("id") ?? "";
  let owned: Awaited<ReturnType<typeof loadOwned>>;
  try {
    owned = await loadOwned(rt, session.userId, postId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      return showPage(c, errorPage("No such post", "It does not exist, or it was deleted."), 404);
    }
    throw error;
  }
  const plan = planOf(session.plan);
  const principal = principalForSession(session);
  const [previews, metrics, decisions, links, plugs, steps] = await Promise.all([
    previewTargets(rt, session.userId, owned.targets),
    getPostAnalytics(rt, session.userId, postId),
    decisionsOn(rt, session.userId, [postId]),
    plan.reviewLinks ? linksOfPost(rt, session.userId, postId) : null,
    plan.plugs ? listPlugs(rt, principal, postId).then((p) => p.plugs) : null,
    stepsOf(rt, owned.targets),
  ]);
  const view = {
    ...owned,
    previews,
    metrics,
    decisions: decisions.map(presentDecision),
    links,
    plugs,
    steps: new Map(
      owned.targets.map((t) => [
        t.id,
        presentSteps(
          t,
          steps.filter((s) => s.targetId === t.id),
        ),
      ]),
    ),
    notice: notice ?? doneNotice(c.req.query("done"), owned.post, viewer.zone),
  };
  return showPage(c, postPage(viewer, view), status);
}

/** What the post page says after the new-post or edit form saved the post (it redirects here with `?done=`). */
function doneNotice(done: string | undefined, post: PostRow, zone: string): Notice | undefined {
  if (done !== "created" && done !== "saved") return undefined;
  const saved = done === "created" ? "Created" : "Saved";
  switch (post.status) {
    case "draft":
      return { ok: true, message: `${saved} as a draft.` };
    case "scheduled":
    case "waiting_for_approval":
      return { ok: true, message: `${saved}: it goes out ${dateTimeIn(post.scheduledAt!, zone)} (${zone}).` };
    default:
      return { ok: true, message: `${saved}: it is going out now.` };
  }
}

const postAction = (act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<Notice>) =>
  dashboardAction(act, renderPost);

export const dashboardPostRoutes = createRouter()
  .get("/dashboard/zone.js", (c) => scriptResponse(c, ZONE_SCRIPT))
  .get("/dashboard", dashboardView(renderCalendar))
  .get("/dashboard/posts", dashboardView(renderPostList))
  .get("/dashboard/posts/:id", dashboardView(renderPost))
  .post(
    "/dashboard/posts/:id/request-approval",
    dashboardForm("posts:write"),
    postAction(async (c, session) => {
      await requestApproval(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
      return { ok: true, message: "Sent for approval: it keeps its time and is not published until approved." };
    }),
  )
  .post(
    "/dashboard/posts/:id/decide",
    dashboardForm("posts:write"),
    postAction(async (c, session, form) => {
      const kind = field(form, "kind");
      const version = Number(field(form, "version"));
      if (kind !== "approved" && kind !== "changes_requested") throw validationError("kind", "approve or send back");
      if (!Number.isInteger(version)) throw validationError("version", "reload the page");
      await decideAsOwner(c.var.rt, session, c.req.param("id") ?? "", {
        kind,
        comment: field(form, "comment"),
        version,
      });
      return kind === "approved"
        ? { ok: true, message: "Approved: it goes out at its time." }
        : { ok: true, message: "Back to draft, with your note." };
    }),
  )
  .post(
    "/dashboard/posts/:id/review-links",
    dashboardForm("posts:write"),
    postAction(async (c, session, form) => {
      const parsed = ReviewLinkCreateBody.safeParse({
        reviewer_name: field(form, "reviewer_name") || undefined,
        expires_in_days: Number(field(form, "expires_in_days") || 7),
        allow_comments: field(form, "allow_comments") === "1",
      });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const link = await createReviewLink(c.var.rt, principalForSession(session), c.req.param("id") ?? "", parsed.data);
      return { ok: true, message: "Review link created. Send this address to your client:", secret: link.url };
    }),
  )
  .post(
    "/dashboard/posts/:id/review-links/:linkId/revoke",
    dashboardForm("posts:write"),
    postAction(async (c, session) => {
      const principal = principalForSession(session);
      await revokeReviewLink(c.var.rt, principal, c.req.param("id") ?? "", c.req.param("linkId") ?? "");
      return { ok: true, message: "The link was turned off." };
    }),
  );
