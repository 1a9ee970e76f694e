// One plug check cycle over 10,000 armed plugs: seeded straight into the local D1 (through the API the
// limits would need 1,000 users and 40,000 requests), then one `plug-checks` run and its queue messages.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../scripts/lib/server.mjs";

const USERS = 1000;
const POSTS_PER_USER = 4;
const PLUGS_PER_USER = 10;
export const PLUGS = USERS * PLUGS_PER_USER;

function d1(persistTo, args) {
  const wrangler = join(root, "node_modules", ".bin", "wrangler");
  const result = spawnSync(wrangler, ["d1", "execute", "herald", "--local", "--persist-to", persistTo, ...args], {
    cwd: root,
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    // A file of 15,000 statements answers with a result per statement.
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Writes 1,000 users (half with an X account, half Instagram), 4 live posts each, and 10 due plugs each. */
export function seedPlugs(persistTo) {
  const now = Date.now();
  const rows = [];
  for (let u = 0; u < USERS; u++) {
    const platform = u % 2 === 0 ? "twitter" : "instagram";
    const user = `user_bench${u}`;
    const account = `acct_bench${u}`;
    rows.push(`INSERT INTO users VALUES ('${user}', 'bench${u}@herald.local', 'x', 'agency', ${now});`);
    rows.push(
      `INSERT INTO accounts (id, user_id, platform, name, platform_user_id, text_limit, group_id, status, subscription_tier, destinations, created_at) VALUES ('${account}', '${user}', '${platform}', 'bench', 'bench${u}', 280, NULL, 'active', NULL, '[]', ${now});`,
    );
    for (let p = 0; p < POSTS_PER_USER; p++) {
      const post = `post_bench${u}_${p}`;
      const platformPostId = `sbx_bench${u}_${p}`;
      rows.push(
        `INSERT INTO posts (id, user_id, status, text, media, schedule_type, scheduled_at, timezone, platform_overrides, version, dispatch_token, created_at, updated_at, deleted_at) VALUES ('${post}', '${user}', 'published', 'bench', '[]', 'immediate', ${now}, NULL, '{}', 1, NULL, ${now}, ${now}, NULL);`,
      );
      rows.push(
        `INSERT INTO post_targets (id, post_id, user_id, account_id, platform, metadata, request, position, status, attempts, dispatched_at, platform_post_id, url, error_code, error_message, published_at, updated_at) VALUES ('tgt_bench${u}_${p}', '${post}', '${user}', '${account}', '${platform}', '{}', '{}', 0, 'published', 1, ${now}, '${platformPostId}', NULL, NULL, NULL, ${now - 60_000}, ${now});`,
      );
      rows.push(
        `INSERT INTO sandbox_calls (kind, platform, account_id, platform_post_id, parent_platform_post_id, payload, created_at) VALUES ('publish', '${platform}', '${account}', '${platformPostId}', NULL, '{}', ${now});`,
      );
    }
    for (let k = 0; k < PLUGS_PER_USER; k++) {
      const post = `post_bench${u}_${k % POSTS_PER_USER}`;
      rows.push(
        `INSERT INTO plugs (id, user_id, post_id, account_id, platform, metric, threshold, action_kind, action_text, state, window_start_at, next_check_at, created_at) VALUES ('plug_bench${u}_${k}', '${user}', '${post}', '${account}', '${platform}', 'likes', 1000000, 'comment', 'thanks', 'armed', ${now - 60_000}, ${now - 1000}, ${now});`,
      );
    }
  }
  const file = join(persistTo, "..", "plug-seed.sql");
  writeFileSync(file, rows.join("\n"));
  d1(persistTo, ["--file", file]);
}

/** Plugs checked since the seed (read from the same local database the running server uses). */
export function checkedCount(persistTo) {
  const out = d1(persistTo, [
    "--json",
    "--command",
    "SELECT COUNT(*) AS n FROM plugs WHERE last_checked_at IS NOT NULL",
  ]);
  return JSON.parse(out)[0].results[0].n;
}
