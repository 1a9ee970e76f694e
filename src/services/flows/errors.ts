// Flow refusals: `state_error` with what to try next, concurrent changes, drafts only, rebuilds.
import { AppError } from "../../lib/errors";
import type { Problem } from "./model";

/** What to try next after a flow refusal (SPEC: Errors, `state_error` with `suggestion`). */
export const SUGGESTIONS = {
  useEditTools: "use_edit_tools",
  waitThenRetry: "wait_then_retry",
  duplicateFlow: "duplicate_flow",
} as const;

export const flowStateError = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError("state_error", message, extra);

/** Rule 2: a concurrent change won; the loser changed nothing. */
export const concurrentChange = () =>
  flowStateError(
    "The flow was changed by another request at the same time; nothing was changed. Read it again and retry.",
    {
      suggestion: SUGGESTIONS.waitThenRetry,
    },
  );

/** Rule 2: edits work on drafts only. */
export const notADraft = (status: string) =>
  flowStateError(`A ${status} flow cannot be edited: duplicate it (duplicate_flow) and edit the draft copy`, {
    status,
    suggestion: SUGGESTIONS.duplicateFlow,
  });

/** Rule 1: the target was edited since generate_flow built it. */
export const rebuildRefused = () =>
  flowStateError(
    "generate_flow only rebuilds an empty draft or a flow exactly as generate_flow last built it; this one was edited since. Change it with the edit tools.",
    { suggestion: SUGGESTIONS.useEditTools },
  );

export const hasProblems = (action: string, problems: Problem[]) =>
  flowStateError(`The flow cannot be ${action} while it has problems: ${problems.map((p) => p.code).join(", ")}`, {
    problems,
  });

/** Rule 3: the restore point could not be written, so the edit was not made either. */
export const restorePointFailed = () =>
  new AppError("upstream_error", "The flow's restore point could not be saved, so nothing was changed. Try again.", {
    retriable: true,
    suggestion: SUGGESTIONS.waitThenRetry,
  });

/** An account handle that names several of the user's accounts. */
export const platformUserIdRequired = (accounts: { id: string; platform: string; platform_user_id: string }[]) =>
  new AppError("platform_user_id_required", "platform_user_id required", { accounts });
