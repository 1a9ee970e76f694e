import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, connect, newUser } from "./helpers/api";

afterEach(() => vi.restoreAllMocks());

// D1's bookmark: four hex groups, sortable from oldest to newest.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const bookmarkOf = (res: { headers: Headers }) => res.headers.get("x-d1-bookmark");

async function userWithDraft() {
  const { key } = await newUser();
  const account = await connect(key, "bluesky");
  const created = await api("POST", "/api/v1/posts", {
    key,
    body: { text: "Read me back", platforms: [{ platform: "bluesky", account_id: account.id }] },
  });
  expect(created.status).toBe(201);
  return { key, post: created.body.data, bookmark: bookmarkOf(created) };
}

describe("D1 sessions: the X-D1-Bookmark header", () => {
  it("answers carry the bookmark of what the request read and wrote", async () => {
    const { bookmark } = await userWithDraft();
    expect(bookmark).toMatch(BOOKMARK);
  });

  it("a client that sends the bookmark back reads its own writes, through a session that starts at it", async () => {
    const { key, post, bookmark } = await userWithDraft();
    const sessions = vi.spyOn(env.DB, "withSession");

    const read = await api("GET", `/api/v1/posts/${post.id}`, { key, headers: { "X-D1-Bookmark": bookmark! } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: post.id, text: "Read me back", status: "draft" });
    expect(sessions.mock.calls).toEqual([[bookmark]]);
    // The session moves forward from the bookmark, never back.
    expect(bookmarkOf(read)! >= bookmark!).toBe(true);
  });

  it("a request without the header starts its session on the primary and works as before", async () => {
    const { key, post } = await userWithDraft();
    const sessions = vi.spyOn(env.DB, "withSession");

    const read = await api("GET", `/api/v1/posts/${post.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(post.id);
    expect(sessions.mock.calls).toEqual([["first-primary"]]);
    expect(bookmarkOf(read)).toMatch(BOOKMARK);
  });

  it("an empty header counts as none", async () => {
    const { key } = await userWithDraft();
    const sessions = vi.spyOn(env.DB, "withSession");
    const res = await api("GET", "/api/v1/posts", { key, headers: { "X-D1-Bookmark": "" } });
    expect(res.status).toBe(200);
    expect(sessions.mock.calls).toEqual([["first-primary"]]);
  });

  it("refuses a header that is not a bookmark before reading or writing anything", async () => {
    const { key } = await userWithDraft();
    const account = (await api("GET", "/api/v1/connected-accounts", { key })).body.data[0];
    const sessions = vi.spyOn(env.DB, "withSession");

    const res = await api("POST", "/api/v1/posts", {
      key,
      headers: { "X-D1-Bookmark": "'; DROP TABLE posts; --" },
      body: { text: "Never saved", platforms: [{ platform: "bluesky", account_id: account.id }] },
    });
    expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "X-D1-Bookmark",
    ]);
    expect(sessions).not.toHaveBeenCalled();
    const posts = (await api("GET", "/api/v1/posts", { key })).body.data;
    expect(posts.map((p: { text: string }) => p.text)).toEqual(["Read me back"]);
  });
});
