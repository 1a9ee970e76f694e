// Creating up to 100 posts at once, all or none, each row checked as a create would check it.
import { AppError, invalidInput, validationFailure } from "../../lib/errors";
import { BULK_LIMIT, BulkPostRowSchema } from "../../schemas/posts";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { type PreparedPost, preparePost } from "./prepare";
import type { PostView } from "./present";
import { savePosts } from "./write";

/**
 * Creates up to 100 posts, all or none. Every row is parsed and checked as a create would check it; when any row
 * fails, nothing is written and the answer is 400 `validation_error` with each failing row's error in `rows` (by
 * index). More rows than that is 413 `payload_too_large`.
 */
export async function createPostsBulk(
  rt: Runtime,
  principal: Principal,
  rows: readonly unknown[],
): Promise<PostView[]> {
  if (rows.length > BULK_LIMIT) {
    throw new AppError("payload_too_large", `At most ${BULK_LIMIT} posts per request (got ${rows.length})`);
  }
  const checked = await Promise.all(
    rows.map(async (row, index): Promise<{ index: number; prepared?: PreparedPost; error?: AppError }> => {
      try {
        const parsed = BulkPostRowSchema.safeParse(row);
        if (!parsed.success) throw validationFailure(parsed.error.issues);
        return { index, prepared: await preparePost(rt, principal, parsed.data) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { index, error };
      }
    }),
  );
  const failed = checked.flatMap(({ index, error }) => (error ? [{ index, error }] : []));
  if (failed.length > 0) {
    throw invalidInput(
      failed.map(({ index, error }) => ({ path: String(index), message: error.message })),
      {
        message: `${failed.length} of ${rows.length} rows are invalid; none was created`,
        extra: {
          rows: failed.map(({ index, error }) => ({ index, error: { status: error.status, ...error.toBody() } })),
        },
      },
    );
  }
  return savePosts(
    rt,
    checked.flatMap(({ prepared }) => (prepared ? [prepared] : [])),
  );
}
