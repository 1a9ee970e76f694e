/**
 * The dashboard's new-post and edit forms. Saving is the REST create (its schema, its service, its idempotency
 * keys: one per form shown, so a double click creates one post) or the REST update; Preview is the REST dry run.
 * A file chosen in a media row is first uploaded to the library (as `POST /api/v1/media`) and used by its id.
 */
import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import { sha256Hex } from "../../../lib/crypto";
import { AppError, validationError } from "../../../lib/errors";
import { randomToken } from "../../../lib/ids";
import { type ComposeValues, type ComposeView, composePage } from "../../../pages/dashboard/compose";
import { COMPOSE_SCRIPT } from "../../../pages/dashboard/compose-script";
import { ADD_SEGMENT, REMOVE_SEGMENT } from "../../../pages/dashboard/compose-thread";
import type { Notice } from "../../../pages/dashboard/layout";
import { errorPage } from "../../../pages/error";
import { PLATFORMS, type PlatformKey } from "../../../platforms/catalog";
import type { PostCreateInput } from "../../../schemas/posts";
import { listGroups } from "../../../services/accounts/account-groups";
import { listAccounts } from "../../../services/accounts/accounts";
import type { Principal } from "../../../services/auth/auth";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import {
  claimIdempotencyKey,
  type IdempotencyClaim,
  recordResource,
  settleIdempotencyKey,
} from "../../../services/idempotency";
import { listMedia, uploadFile } from "../../../services/media/library";
import { LINK_PATTERN, shortLinkLength } from "../../../services/posts/content";
import { dryRunPost } from "../../../services/posts/dry-run";
import { createPost, loadOwned, unschedulePost, updatePost } from "../../../services/posts/store";
import type { Runtime } from "../../../services/runtime";
import type { AppEnv } from "../../env";
import { toSignIn } from "../../forms";
import { createRouter } from "../../router";
import {
  createInput,
  emptyValues,
  fieldErrors,
  mediaRowsOf,
  segmentsOf,
  updateInput,
  valuesFromForm,
  valuesFromPost,
} from "./compose-form";
import { dashboardForm, dashboardView, field, scriptResponse, showPage, viewerOf } from "./session";

/** The idempotency key a form carries: random, so no two forms shown share one. */
const newFormKey = () => `form_${randomToken(24)}`;
const FORM_KEY = /^form_[A-Za-z0-9_-]{16,64}$/;

/** How long a second submit of one form waits for the first to be answered (a double click), looking this often. */
const FIRST_SUBMIT_WAIT_MS = 10_000;
const LOOK_EVERY_MS = 100;

type Extra = Pick<ComposeView, "editing" | "errors" | "preview" | "notice">;

/** Library items a media row offers, newest first. */
const LIBRARY_SHOWN = 100;

/**
 * Uploads each file chosen in a media row (the post's or a segment's) to the library, then the row names it
 * (`media_id`): the page shown next has it picked, so a preview followed by a save uploads it once. A refused file
 * is a problem of its row.
 */
async function uploadChosenFiles(
  rt: Runtime,
  principal: Principal,
  form: Record<string, unknown>,
  values: ComposeValues,
) {
  const lists = [
    { sent: "media", media: values.media, path: "media_file" },
    ...segmentsOf(form).map((segment, i) => ({
      sent: `thread.${segment.number}.media`,
      media: values.thread[i]!.media,
      path: `thread_file.${i}`,
    })),
  ];
  for (const { sent, media, path } of lists) {
    for (const [position, row] of mediaRowsOf(form, sent).entries()) {
      const file = form[`${sent}.${row}.file`];
      if (!(file instanceof File) || file.size === 0) continue;
      const fields = media[position]!;
      try {
        const alt = fields.alt_text.trim();
        fields.media_id = (await uploadFile(rt, principal, file, alt === "" ? null : alt)).id;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw validationError(`${path}.${position}`, `${file.name}: ${error.message}`);
      }
    }
  }
}

/**
 * "Add to thread" and "Remove segment" without the script: the form comes back with the segment added or removed,
 * nothing saved. True when the intent was one of them.
 */
function editThread(intent: string, values: ComposeValues) {
  if (intent === ADD_SEGMENT) {
    values.thread.push({ text: "", media: [] });
    return true;
  }
  if (!intent.startsWith(REMOVE_SEGMENT)) return false;
  values.thread.splice(Number(intent.slice(REMOVE_SEGMENT.length)), 1);
  return true;
}
type Owned = Awaited<ReturnType<typeof loadOwned>>;

async function renderCompose(
  c: Context<AppEnv>,
  session: Session,
  values: (zone: string) => ComposeValues,
  extra: Extra = {},
  status = 200,
) {
  const { rt } = c.var;
  const [viewer, accounts, groups, library] = await Promise.all([
    viewerOf(c, session),
    listAccounts(rt, session.userId),
    listGroups(rt, session.userId),
    listMedia(rt, session.userId, { limit: LIBRARY_SHOWN }),
  ]);
  const view: ComposeView = {
    ...extra,
    values: values(viewer.zone),
    accounts: accounts.filter((a) => PLATFORMS[a.platform as PlatformKey]?.publishes),
    groups,
    library: library.data,
    counting: { linkPattern: LINK_PATTERN.source, shortLinkLength: shortLinkLength(rt.config.public_base_url) },
  };
  return showPage(c, composePage(viewer, view), status);
}

/** The post of the page's `:id`, or the 404 page (another user's post is indistinguishable from none). */
async function ownedOr404(c: Context<AppEnv>, session: Session): Promise<Owned | Response> {
  try {
    return await loadOwned(c.var.rt, session.userId, c.req.param("id") ?? "");
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      return showPage(c, errorPage("No such post", "It does not exist, or it was deleted."), 404);
    }
    throw error;
  }
}

/** The first submit's claim on the form's key; a second submit waits until the first is answered, then replays it. */
async function claimForm(rt: Runtime, userId: string, key: string, hash: string): Promise<IdempotencyClaim> {
  for (let waited = 0; ; waited += LOOK_EVERY_MS) {
    try {
      return await claimIdempotencyKey(rt, userId, key, hash);
    } catch (error) {
      const stillAnswering = error instanceof AppError && error.code === "idempotency_in_progress";
      if (!stillAnswering || waited >= FIRST_SUBMIT_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  }
}

/**
 * The REST create under the form's idempotency key, as `POST /api/v1/posts` with `Idempotency-Key` does it: the
 * first submit creates and its answer is kept; the same form submitted again answers the same post.
 */
async function createOnce(rt: Runtime, principal: Principal, key: string, input: PostCreateInput) {
  if (!FORM_KEY.test(key)) throw validationError("idempotency_key", "reload the page and submit again");
  const claim = await claimForm(
    rt,
    principal.userId,
    key,
    await sha256Hex(`POST /api/v1/posts\n${JSON.stringify(input)}`),
  );
  if (claim.kind === "replay") {
    const answer = JSON.parse(claim.body);
    if (!answer.success) throw new AppError("internal_error", "The first submit of this form failed; reload the page");
    return answer.data as { id: string };
  }
  // A first submit that died after writing its post answers with that post (its batch recorded it on the key).
  if (claim.recovered) return { id: claim.recovered };
  const settle = (status: number, body: unknown) =>
    settleIdempotencyKey(rt, principal.userId, key, claim.claimedAt, { status, body: JSON.stringify(body) });
  const record = (postId: string, made: SQL) =>
    recordResource(rt, principal.userId, key, claim.claimedAt, postId, made);
  try {
    const post = await createPost(rt, principal, input, record);
    await settle(201, { success: true, data: post });
    return post;
  } catch (error) {
    const refused = error instanceof AppError ? error : new AppError("internal_error", "Internal error");
    await settle(refused.status, { success: false, error: refused.toBody() });
    throw error;
  }
}

/** Runs a save or a preview; a refusal comes back on the form, field by field, with what was typed. */
async function onForm(
  c: Context<AppEnv>,
  session: Session,
  values: ComposeValues,
  editing: Extra["editing"],
  act: () => Promise<Response | Extra>,
) {
  try {
    const done = await act();
    return done instanceof Response ? done : renderCompose(c, session, () => values, { editing, ...done });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "idempotency_conflict") {
      const notice: Notice = {
        ok: false,
        message: "This form already created a post (see Posts). Save again to create another one.",
      };
      return renderCompose(c, session, () => ({ ...values, idempotencyKey: newFormKey() }), { notice }, 409);
    }
    const errors = fieldErrors(error, values);
    return renderCompose(c, session, () => values, { editing, errors }, error.status);
  }
}

const zoneOfForm = async (c: Context<AppEnv>, session: Session) =>
  field(c.var.form, "timezone") || (await viewerOf(c, session)).zone;

const intent = (c: Context<AppEnv>) => field(c.var.form, "intent");

export const dashboardComposeRoutes = createRouter()
  .get("/dashboard/compose.js", (c) => scriptResponse(c, COMPOSE_SCRIPT))
  .get(
    "/dashboard/compose",
    dashboardView((c, session) =>
      renderCompose(c, session, (zone) => emptyValues(c.var.rt.clock.now(), zone, newFormKey())),
    ),
  )
  .post("/dashboard/compose", dashboardForm("posts:write"), async (c) => {
    const { session, rt } = c.var;
    if (!session) return toSignIn(c);
    const values = valuesFromForm(c.var.form);
    const zone = await zoneOfForm(c, session);
    const principal = principalForSession(session);
    return onForm(c, session, values, undefined, async () => {
      await uploadChosenFiles(rt, principal, c.var.form, values);
      if (editThread(intent(c), values)) return {};
      const input = createInput(values, zone);
      if (intent(c) === "preview") return { preview: await dryRunPost(rt, principal, input) };
      const post = await createOnce(rt, principal, values.idempotencyKey, input);
      return c.redirect(`/dashboard/posts/${post.id}?done=created`, 303);
    });
  })
  .get(
    "/dashboard/posts/:id/edit",
    dashboardView(async (c, session) => {
      const owned = await ownedOr404(c, session);
      if (owned instanceof Response) return owned;
      const editing = { postId: owned.post.id, status: owned.post.status, repeatOf: owned.post.repeatOf };
      return renderCompose(c, session, (zone) => valuesFromPost(owned.post, owned.targets, zone), { editing });
    }),
  )
  .post("/dashboard/posts/:id/edit", dashboardForm("posts:write"), async (c) => {
    const { session, rt } = c.var;
    if (!session) return toSignIn(c);
    const owned = await ownedOr404(c, session);
    if (owned instanceof Response) return owned;
    const values = valuesFromForm(c.var.form);
    const zone = await zoneOfForm(c, session);
    const principal = principalForSession(session);
    const editing = { postId: owned.post.id, status: owned.post.status, repeatOf: owned.post.repeatOf };
    return onForm(c, session, values, editing, async () => {
      await uploadChosenFiles(rt, principal, c.var.form, values);
      if (editThread(intent(c), values)) return {};
      if (intent(c) === "preview")
        return { preview: await dryRunPost(rt, principal, createInput(values, zone, owned)) };
      await updatePost(rt, principal, owned.post.id, updateInput(values, zone, owned));
      if (values.when === "draft" && owned.post.status !== "draft") {
        await unschedulePost(rt, session.userId, owned.post.id);
      }
      return c.redirect(`/dashboard/posts/${owned.post.id}?done=saved`, 303);
    });
  });
