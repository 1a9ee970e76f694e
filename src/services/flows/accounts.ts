// The account a flow is for, by id or handle, among the messaging platforms flows run on.
import { and, eq, or, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { validationError } from "../../lib/errors";
import { FLOW_TRIGGERS, type PlatformKey } from "../../platforms/catalog";
import type { AccountRow } from "../accounts/accounts";
import type { Runtime } from "../runtime";
import { platformUserIdRequired } from "./errors";

export const FLOW_PLATFORMS = Object.keys(FLOW_TRIGGERS) as PlatformKey[];

/**
 * The account a flow is for: `idOrHandle` is an account id or the account's handle (its name, with or without
 * `@`, case-insensitive). A handle several of the user's accounts share needs `platformUserId` to choose
 * (400 `platform_user_id_required`). Flows run only on messaging platforms (Instagram, Facebook, WhatsApp).
 */
export async function resolveFlowAccount(
  rt: Runtime,
  userId: string,
  idOrHandle: string,
  platformUserId?: string,
  field = "account_id",
): Promise<AccountRow> {
  const handle = idOrHandle.replace(/^@/, "").toLowerCase();
  const rows = await rt.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        or(eq(accounts.id, idOrHandle), sql`lower(ltrim(${accounts.name}, '@')) = ${handle}`),
        platformUserId === undefined ? undefined : eq(accounts.platformUserId, platformUserId),
      ),
    );
  const byId = rows.find((a) => a.id === idOrHandle);
  const [only, ...others] = rows;
  const account = byId ?? (others.length === 0 ? only : undefined);
  if (!account && rows.length > 1) {
    throw platformUserIdRequired(
      rows.map((a) => ({ id: a.id, platform: a.platform, platform_user_id: a.platformUserId })),
    );
  }
  if (!account) {
    throw validationError(
      field,
      platformUserId === undefined
        ? `no connected account with the id or handle ${idOrHandle}`
        : `no connected account ${idOrHandle} with platform_user_id ${platformUserId}`,
    );
  }
  if (!FLOW_PLATFORMS.includes(account.platform as PlatformKey)) {
    throw validationError(
      field,
      `flows run on ${FLOW_PLATFORMS.join(", ")} accounts; ${account.id} is a ${account.platform} account`,
    );
  }
  return account;
}
