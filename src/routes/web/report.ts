// The page a shared report link opens.
import { deadReportPage, sharedReportPage } from "../../pages/report";
import { SECRET_LINK_HEADERS } from "../../pages/shell";
import { openReportLink } from "../../services/analytics/report-links";
import { show } from "../forms";
import { createRouter } from "../router";

/** A client group's report for whoever holds the link: 404 unknown, 410 expired or revoked. */
export const reportPageRoutes = createRouter().get("/reports/:token", async (c) => {
  const opened = await openReportLink(c.var.rt, c.req.param("token"));
  if (opened.state === "active") return show(c, sharedReportPage(opened.report), 200, SECRET_LINK_HEADERS);
  return show(c, deadReportPage(opened.state), opened.state === "unknown" ? 404 : 410, SECRET_LINK_HEADERS);
});
