// Creating a post in one round trip on remembered account rows, guarded so they must still hold.
import type { BatchItem } from "drizzle-orm/batch";
import { boundValues, fitsOneStatement } from "../../db/limits";
import { rowsUnchanged } from "../../db/rows-unchanged";
import { accounts as accountsTable } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PostCreateInput } from "../../schemas/posts";
import { forgetAccounts, rememberedAccounts } from "../accounts/remembered-accounts";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { mediaIdsOf } from "./content";
import { draftFromCreate, wantsNextSlot } from "./draft";
import { layOutPost } from "./prepare";
import type { PostView } from "./present";
import { checkTargets, namedSignatures } from "./validate";
import { savePostIf } from "./write";

/**
 * Creates a post in one D1 round trip when this isolate remembers every account it names: its targets are checked
 * against those rows, and it is written only if they are still exactly so when the write runs. Undefined when that
 * cannot be done (an account not remembered, a signature, library media or the next slot to look up, more accounts than the
 * guarded insert's parameters hold, a check that failed, rows that changed); the caller then reads and checks
 * afresh. So a remembered row never refuses a post, and never lets one through that the rows of the moment would
 * refuse.
 */
export async function createOnRemembered(
  rt: Runtime,
  principal: Principal,
  input: PostCreateInput,
  alongside: (postId: string) => BatchItem<"sqlite">[] = () => [],
): Promise<PostView | undefined> {
  if (wantsNextSlot(input)) return undefined;
  const accountIds = input.platforms.map((t) => t.account_id);
  const accounts = rememberedAccounts(principal.userId, accountIds);
  if (!accounts) return undefined;
  const draft = draftFromCreate(rt, input);
  if (namedSignatures(draft).length > 0 || mediaIdsOf(draft).length > 0) return undefined;
  const resolved = checkedOrUndefined(() => checkTargets(rt, principal, draft, accounts, new Map()));
  if (!resolved) return undefined;
  const prepared = layOutPost(rt, principal, draft, resolved, false);
  const rows = [...accounts.values()];
  // The post's insert binds its own values and the guard's, within D1's 100 parameters.
  if (!fitsOneStatement(boundValues(prepared.post, ...rows))) return undefined;
  const saved = await savePostIf(rt, prepared, rowsUnchanged(accountsTable, rows), alongside(prepared.post.id));
  if (!saved) forgetAccounts(principal.userId, accountIds);
  return saved;
}

/** A refusal on remembered rows is not trusted: the caller checks again on the rows of the moment. */
function checkedOrUndefined<T>(check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
