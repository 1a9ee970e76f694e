/** The dashboard's analytics page: the REST overview's numbers for a period, per day, per platform and per post; the report's files. */
import type { Context } from "hono";
import { iso } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { addDaysTo, dateIn, startOfDay } from "../../../lib/time";
import { analyticsPage, PERIODS, type Period } from "../../../pages/dashboard/analytics";
import { errorPage } from "../../../pages/error";
import { listGroups } from "../../../services/accounts/account-groups";
import { listAccounts } from "../../../services/accounts/accounts";
import { bestTimesFor } from "../../../services/analytics/best-times";
import { followerPoints } from "../../../services/analytics/followers";
import { linkClicksIn } from "../../../services/analytics/links";
import { getAnalyticsOverview } from "../../../services/analytics/overview";
import { BEST_TIMES_DAYS, buildReport } from "../../../services/analytics/report";
import { reportFile } from "../../../services/analytics/report-file";
import { getAnalyticsSeries } from "../../../services/analytics/series";
import type { Session } from "../../../services/auth/sessions";
import { download } from "../../download";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardView, showPage, viewerOf, zoneOf } from "./session";

const DEFAULT_PERIOD: Period = 30;

/** The period asked for, and its whole days on the owner's clocks: the last `period` of them, today included. */
function periodOf(c: Context<AppEnv>, zone: string) {
  const period = PERIODS.find((p) => String(p) === c.req.query("period")) ?? DEFAULT_PERIOD;
  const lastDay = dateIn(c.var.rt.clock.now(), zone);
  return { period, firstDay: addDaysTo(lastDay, 1 - period), lastDay };
}

async function renderAnalytics(c: Context<AppEnv>, session: Session) {
  const { rt } = c.var;
  const viewer = await viewerOf(c, session);
  const { period, firstDay, lastDay } = periodOf(c, viewer.zone);
  const accountId = c.req.query("account") || null;
  const from = startOfDay(firstDay, viewer.zone)!;
  const to = startOfDay(lastDay, viewer.zone, 1)!;
  const accountIds = accountId ? [accountId] : undefined;
  try {
    const [overview, accounts, groups] = await Promise.all([
      getAnalyticsOverview(rt, session.userId, { from: iso(from), to: iso(to), account_ids: accountIds }),
      listAccounts(rt, session.userId),
      listGroups(rt, session.userId),
    ]);
    // The overview refused another user's account: what follows reads only the user's own.
    const [series, followers, links, bestTimes] = await Promise.all([
      getAnalyticsSeries(rt, session.userId, { firstDay, lastDay, zone: viewer.zone, from, to, accountIds }),
      followerPoints(rt, accountIds ?? accounts.map((a) => a.id), from, to),
      linkClicksIn(rt, session.userId, { from, to, accountIds }),
      accountId ? bestTimesFor(rt, session.userId, [accountId], BEST_TIMES_DAYS) : null,
    ]);
    const audience = { followers, links, bestTimes };
    return showPage(c, analyticsPage(viewer, { period, accountId, accounts, groups, overview, series, audience }));
  } catch (error) {
    // Another user's account is answered as an unknown one.
    if (error instanceof AppError && error.status === 404) {
      return showPage(c, errorPage("No such account", "It does not exist, or it is not yours."), 404);
    }
    throw error;
  }
}

/**
 * The client report of the page's period as a file (`format` csv or pdf): for a client group (`group`), the account
 * shown (`account`), or every account. Its days are the period's dates as whole UTC days, as the API's report reads them.
 */
async function downloadReport(c: Context<AppEnv>, session: Session) {
  const format = c.req.query("format");
  if (format !== "csv" && format !== "pdf") {
    return showPage(c, errorPage("No such report", "Download the report as its CSV or its PDF."), 400);
  }
  const { firstDay, lastDay } = periodOf(c, zoneOf(c, session).zone);
  const [group, account] = [c.req.query("group"), c.req.query("account")];
  const subject = group ? { group_id: group } : account ? { account_ids: [account] } : {};
  try {
    const report = await buildReport(c.var.rt, session.userId, { from: firstDay, to: lastDay, ...subject });
    return download(c, await reportFile(report, format));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return showPage(c, errorPage("No such report", "That group or account does not exist, or it is not yours."), 404);
    }
    throw error;
  }
}

export const dashboardAnalyticsRoutes = createRouter()
  .get("/dashboard/analytics", dashboardView(renderAnalytics))
  .get("/dashboard/analytics/report", dashboardView(downloadReport));
