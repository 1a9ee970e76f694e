// REST routes for shared report links: a client group's report page, read-only for whoever holds the link.
import { z } from "@hono/zod-openapi";
import { IdParam, jsonBody, ok } from "../../schemas/common";
import { CreatedReportLinkSchema, ReportLinkCreateSchema, ReportLinkSchema } from "../../schemas/report-links";
import { createReportLink, listReportLinks, revokeReportLink } from "../../services/analytics/report-links";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Analytics"];

const create = authedRoute("posts:write", {
  operationId: "createReportLink",
  method: "post",
  path: "/api/v1/report-links",
  tags,
  summary: "Share a client group's report by link",
  description:
    "A page at `url` (`/reports/<token>`) showing the group's report of the last `days` days, built whenever it is opened, to whoever holds the link, with no Herald account: totals against the period before, followers, posts best first and link clicks. The token is 32 random bytes, shown this once (only its hash is kept). The page answers 410 once the link expires or is revoked, 404 for a token Herald never made. Another workspace's group is 404.",
  request: { body: jsonBody(ReportLinkCreateSchema) },
  responses: { 201: ok(CreatedReportLinkSchema, "The link, with its URL shown this once") },
});

const list = authedRoute("posts:read", {
  operationId: "listReportLinks",
  method: "get",
  path: "/api/v1/report-links",
  tags,
  summary: "List shared report links",
  responses: { 200: ok(z.array(ReportLinkSchema), "The workspace's links, newest first, in every state") },
});

const revoke = authedRoute("posts:write", {
  operationId: "revokeReportLink",
  method: "delete",
  path: "/api/v1/report-links/{id}",
  tags,
  summary: "Turn a shared report link off",
  description: "The page answers 410 from now on; revoking twice answers the same.",
  request: { params: IdParam },
  responses: { 200: ok(ReportLinkSchema, "The revoked link") },
});

export const reportLinkRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createReportLink(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listReportLinks(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(revoke, async (c) => {
    const data = await revokeReportLink(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
