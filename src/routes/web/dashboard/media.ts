// The dashboard's media page and its forms: upload a file (no script needed), delete an item.
import type { Context } from "hono";
import { validationError } from "../../../lib/errors";
import type { Notice } from "../../../pages/dashboard/layout";
import { mediaPage } from "../../../pages/dashboard/media";
import { MEDIA_SCRIPT } from "../../../pages/dashboard/media-script";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import { deleteMediaItem, listMedia, uploadFile } from "../../../services/media/library";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, field, scriptResponse, showPage, viewerOf } from "./session";

/** Items the page shows, newest first. */
const SHOWN = 100;

async function renderMedia(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const [viewer, page] = await Promise.all([
    viewerOf(c, session),
    listMedia(c.var.rt, session.userId, { limit: SHOWN }),
  ]);
  return showPage(c, mediaPage(viewer, { media: page.data, notice }), status);
}

export const dashboardMediaRoutes = createRouter()
  .get("/dashboard/media", dashboardView(renderMedia))
  .get("/dashboard/media.js", (c) => scriptResponse(c, MEDIA_SCRIPT))
  .post(
    "/dashboard/media",
    dashboardForm("posts:write"),
    dashboardAction(async (c, session, form) => {
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw validationError("file", "choose a file to upload");
      const alt = field(form, "alt_text");
      const media = await uploadFile(c.var.rt, principalForSession(session), file, alt === "" ? null : alt);
      return { ok: true, message: `Uploaded ${media.filename ?? media.id}.` };
    }, renderMedia),
  )
  .post(
    "/dashboard/media/:id/delete",
    dashboardForm("posts:write"),
    dashboardAction(async (c, session) => {
      await deleteMediaItem(c.var.rt, session.userId, c.req.param("id") ?? "");
      return { ok: true, message: "Deleted." };
    }, renderMedia),
  );
