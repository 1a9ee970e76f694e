import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomToken } from "../../../src/lib/ids";
import { connectAccount } from "../../../src/services/accounts/accounts";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { dispatchDue } from "../../../src/services/posts/dispatch";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { bytes } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import { expireSoon, liveUser, runTokenRefresh, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/** Records the Worker's outbound requests and answers none of them: nothing leaves the test. */
const noNetwork = () => vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("no network in tests"));

/** A Bluesky account of a new live user, its session stored as connecting would have stored it. */
async function blueskyAccount(service: string) {
  const rt = await createRuntime(env);
  const user = await liveUser();
  const did = `did:plc:${randomToken(12).toLowerCase()}`;
  const account = await connectAccount(rt, user.userId, "bluesky", { platform_user_id: did });
  const credentials = {
    service,
    did,
    handle: "herald.bsky.social",
    identifier: "herald.bsky.social",
    appPassword: "abcd-efgh-ijkl-mnop",
    accessToken: "access-jwt",
    refreshToken: "refresh-jwt",
    expiresAt: Date.now() + 3_600_000,
  };
  await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, credentials));
  return { ...user, accountId: account.id };
}

describe("rule 14: a Bluesky service on a private host is refused before any connection", () => {
  it("at connect: 400 naming service, and nothing is asked of it", async () => {
    const { key } = await liveUser();
    const wire = noNetwork();
    for (const service of ["https://10.0.0.5", "https://[::ffff:0:a9fe:a9fe]", "https://pds.internal"]) {
      const res = await api("POST", "/api/v1/connect/bluesky", {
        key,
        body: { handle: "herald.bsky.social", app_password: "abcd-efgh-ijkl-mnop", service },
      });
      expect([res.status, res.body.error.code, res.body.error.issues?.[0]?.path], service).toEqual([
        400,
        "validation_error",
        "service",
      ]);
    }
    expect(wire).not.toHaveBeenCalled();
  });

  it("at token refresh: a stored private service is never called", async () => {
    const { accountId } = await blueskyAccount("https://169.254.169.254");
    await expireSoon(accountId);
    const wire = noNetwork();
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 0, failed: 1 });
    expect(wire).not.toHaveBeenCalled();
  });
});

describe("rule 16: a stored media URL that cannot be decoded fails its target cleanly", () => {
  it("fails as MEDIA_UNAVAILABLE before anything is fetched or sent, never AMBIGUOUS_MAY_HAVE_POSTED", async () => {
    const { key, accountId } = await blueskyAccount("https://bsky.social");
    const post = await createPost(key, {
      text: "With a picture",
      media: [{ type: "image", url: "https://cdn.example.com/a.jpg" }],
      platforms: [{ platform: "bluesky", account_id: accountId }],
      schedule_type: "scheduled",
      scheduled_at: "2099-01-01T00:00:00Z",
    });
    // Stored before create and edit refused such URLs.
    const bad = "https://cdn.example.com/a%ZZ.jpg";
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET scheduled_at = ?, media = json_set(media, '$[0].url', ?) WHERE id = ?").bind(
        Date.now() - 1000,
        bad,
        post.id,
      ),
      env.DB.prepare("UPDATE post_targets SET request = json_set(request, '$.media[0].url', ?) WHERE post_id = ?").bind(
        bad,
        post.id,
      ),
    ]);
    const wire = scriptWorkerFetch([{ expect: `GET ${bad}`, answer: bytes(10, "image/jpeg") }]);
    await dispatchDue(await createRuntime(env), { postIds: [post.id] });
    const done = await settled(key, post.id);
    expect(done.status).toBe("failed");
    expect(done.platforms[0].error.code).toBe("MEDIA_UNAVAILABLE");
    expect(wire.sent).toEqual([]);
  });
});
