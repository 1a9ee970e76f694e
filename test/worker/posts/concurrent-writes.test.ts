import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, resetClock } from "../helpers/posts";

/**
 * Rule 7 of issue #14: concurrent writes to one post never leave it half-changed. Each round races two real
 * requests on a fresh post; afterwards exactly one write won and the post, its targets' stored requests and their
 * statuses agree.
 */

const ROUNDS = 8;
let user: Awaited<ReturnType<typeof newUser>>;
let accounts: { id: string }[];
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  accounts = await Promise.all([1, 2, 3].map(() => connect(user.key, "bluesky")));
});

const to = (...picked: { id: string }[]) => picked.map((a) => ({ platform: "bluesky", account_id: a.id }));

async function scheduledPost() {
  return createPost(user.key, {
    text: "first",
    platforms: to(accounts[0]!),
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
}

/** The post as stored, with its targets: status, account and the text each target would send. */
async function stored(postId: string) {
  const post = await env.DB.prepare("SELECT text, status, deleted_at FROM posts WHERE id = ?")
    .bind(postId)
    .first<{ text: string; status: string; deleted_at: number | null }>();
  const targets = (
    await env.DB.prepare("SELECT account_id, status, request FROM post_targets WHERE post_id = ? ORDER BY position")
      .bind(postId)
      .all<{ account_id: string; status: string; request: string }>()
  ).results.map((t) => ({ account: t.account_id, status: t.status, text: JSON.parse(t.request).text as string }));
  return { post: post!, targets };
}

/** The post's own fields and its targets agree: one status for all, each sending the post's text. */
function expectConsistent({ post, targets }: Awaited<ReturnType<typeof stored>>) {
  const wanted =
    post.deleted_at !== null ? ["cancelled"] : post.status === "draft" ? ["draft"] : ["scheduled", "queued"];
  for (const t of targets) {
    expect(wanted, JSON.stringify({ post, targets })).toContain(t.status);
    expect(t.text).toBe(post.text);
  }
}

describe("concurrent writes to one post never leave it half-changed", () => {
  it("two edits at once: exactly one wins, and the targets are the winner's", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = await scheduledPost();
      const edits = [
        { text: `A${round}`, platforms: to(accounts[0]!, accounts[1]!) },
        { text: `B${round}`, platforms: to(accounts[2]!) },
      ];
      const answers = await Promise.all(
        edits.map((body) => api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses.filter((s) => s === 200).length).toBe(1);
      const winner = edits[answers.findIndex((a) => a.status === 200)]!;
      const now = await stored(post.id);
      expectConsistent(now);
      expect(now.post.text).toBe(winner.text);
      expect(now.targets.map((t) => t.account)).toEqual(winner.platforms.map((p) => p.account_id));
    }
  });

  it("an edit racing unschedule: one wins, and a draft never keeps scheduled targets (nor the other way)", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = await scheduledPost();
      const [edit, unschedule] = await Promise.all([
        api("PATCH", `/api/v1/posts/${post.id}`, {
          key: user.key,
          body: { text: `edited ${round}`, platforms: to(accounts[1]!, accounts[2]!) },
        }),
        api("POST", `/api/v1/posts/${post.id}/unschedule`, { key: user.key }),
      ]);
      expect([edit.status, unschedule.status]).toContain(200);
      const now = await stored(post.id);
      expectConsistent(now);
      if (edit.status !== 200) expect(now.post).toMatchObject({ text: "first", status: "draft" });
    }
  });

  it("an edit racing delete: a deleted post keeps no live target, an edited one is not deleted", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = await scheduledPost();
      const [edit, del] = await Promise.all([
        api("PATCH", `/api/v1/posts/${post.id}`, {
          key: user.key,
          body: { text: `kept ${round}`, platforms: to(accounts[1]!) },
        }),
        api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key }),
      ]);
      expect([edit.status, del.status]).toContain(200);
      const now = await stored(post.id);
      expectConsistent(now);
      expect(now.post.deleted_at !== null).toBe(del.status === 200);
    }
  });

  it("a delete racing the dispatcher: a post taken for publishing is not deleted underneath it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = await scheduledPost();
      await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: FUTURE } });
      const [, del] = await Promise.all([
        api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } }),
        api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key }),
      ]);
      const now = await stored(post.id);
      if (del.status === 200) {
        expect(now.post.status).toBe("scheduled");
        expect(now.targets.map((t) => t.status)).toEqual(["cancelled"]);
      } else {
        expect(del.body.error.code).toBe("state_error");
        expect(now.post.deleted_at).toBeNull();
        expect(now.targets.map((t) => t.status)).not.toContain("cancelled");
      }
      await resetClock(user.key);
    }
  });
});
