import { env } from "cloudflare:test";

/** `n` active accounts for the user, written in one statement (as if connected before): to bring a plan near its limit. */
export const fillAccounts = (userId: string, n: number) =>
  env.DB.prepare(
    `WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?)
     INSERT INTO accounts (id, user_id, platform, name, platform_user_id, text_limit, status, destinations, created_at)
     SELECT 'acct_fill_' || ?2 || '_' || n, ?2, 'bluesky', 'filler', 'fill-' || ?2 || '-' || n, 300, 'active', '[]', 0 FROM i`,
  )
    .bind(n, userId)
    .run();
