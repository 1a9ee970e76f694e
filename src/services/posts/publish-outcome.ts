// What a platform call's answer means for its target: published, failed, or tried again later. Pure: no I/O.
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { AppError } from "../../lib/errors";
import { PlatformError, type PublishResult } from "../../platforms/types";
import type { Runtime } from "../runtime";
import type { TargetRow } from "./present";

/** What a target with a thread or a first comment got out: each segment's platform post id, and the comment's. */
export interface ChainResult {
  segments: string[];
  firstCommentId?: string;
}

export type Outcome =
  | { published: PublishResult; chain?: ChainResult }
  | {
      failed: { code: RecordedCode; message: string };
      staleAccount?: true;
      /** How many of a thread's segments went out before it stopped (absent: none). */
      publishedSegments?: number;
    }
  | { retry: { afterSeconds: number; code: RecordedCode; message: string } };

/** An outcome, with the target it is of. */
export interface Settled {
  target: TargetRow;
  outcome: Outcome;
}

/** A target that will not be tried again: published or failed. */
export type Finished = Settled & { outcome: Exclude<Outcome, { retry: unknown }> };

/** Turns a platform failure into the target's outcome: retry what is surely transient, fail the rest. */
export function outcomeOfFailure(
  rt: Runtime,
  target: TargetRow,
  error: unknown,
): Exclude<Outcome, { published: unknown }> {
  // Refused before anything was sent (no adapter or credentials configured): surely not posted.
  if (error instanceof AppError) return { failed: { code: error.code, message: error.message } };
  if (!(error instanceof PlatformError)) {
    // Not a failure the adapter understood: the request may have gone out, so it is not retried blindly.
    return {
      failed: {
        code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
        message: "Publishing failed unexpectedly; check the platform",
      },
    };
  }
  const delay = rt.config.publish_retry_delays_s[target.attempts - 1];
  if (error.retryable && delay !== undefined) {
    const afterSeconds = Math.max(delay, Math.ceil((error.retryAfterMs ?? 0) / 1000));
    return { retry: { afterSeconds, code: error.code, message: error.message } };
  }
  const code: RecordedCode =
    error.failure === "no_answer"
      ? OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED
      : error.failure === "auth_expired"
        ? "reauth_required"
        : error.code;
  return { failed: { code, message: error.message } };
}
