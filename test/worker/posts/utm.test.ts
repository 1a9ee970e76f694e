import { beforeEach, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { BASE, resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const TEXT = "See https://example.com/a and https://shop.example/b?utm_source=newsletter&x=1#top.";

/** Where each of the post's short links leads, per platform, in the order of the text. */
async function linkUrls(postId: string) {
  const res = await api("GET", `/api/v1/analytics/links?post_id=${postId}&from=2030-06-01&to=2030-06-01`, {
    key: user.key,
  });
  expect(res.status).toBe(200);
  const byPlatform: Record<string, string[]> = {};
  for (const link of res.body.data.links as { platform: string; url: string }[]) {
    byPlatform[link.platform] = [...(byPlatform[link.platform] ?? []), link.url];
  }
  for (const urls of Object.values(byPlatform)) urls.sort();
  return byPlatform;
}

describe("UTM parameters", () => {
  it("adds the workspace default to every link at publish time, placeholders filled per target, once", async () => {
    const put = await api("PUT", "/api/v1/settings/utm", {
      key: user.key,
      body: { utm: { source: "{platform}", medium: "social", campaign: "spring launch", content: "{account}" } },
    });
    expect(put.status).toBe(200);
    expect((await api("GET", "/api/v1/settings/utm", { key: user.key })).body.data.utm).toEqual({
      source: "{platform}",
      medium: "social",
      campaign: "spring launch",
      content: "{account}",
    });
    const x = await connect(user.key, "twitter", { name: "Acme X" });
    const sky = await connect(user.key, "bluesky", { name: "acme.bsky" });
    const post = await publishAt(
      user.key,
      BASE,
      [
        { platform: "twitter", account_id: x.id },
        { platform: "bluesky", account_id: sky.id },
      ],
      TEXT,
    );
    expect(post.text).toBe(TEXT);
    expect(await linkUrls(post.id)).toEqual({
      twitter: [
        "https://example.com/a?utm_source=twitter&utm_medium=social&utm_campaign=spring%20launch&utm_content=Acme%20X",
        // The link's own utm_source is kept, never doubled; the others go before the fragment.
        "https://shop.example/b?utm_source=newsletter&x=1&utm_medium=social&utm_campaign=spring%20launch&utm_content=Acme%20X#top",
      ],
      bluesky: [
        "https://example.com/a?utm_source=bluesky&utm_medium=social&utm_campaign=spring%20launch&utm_content=acme.bsky",
        "https://shop.example/b?utm_source=newsletter&x=1&utm_medium=social&utm_campaign=spring%20launch&utm_content=acme.bsky#top",
      ],
    });
  });

  it("a post's own parameters replace the default; {} adds none; null removes the default", async () => {
    await api("PUT", "/api/v1/settings/utm", { key: user.key, body: { utm: { source: "herald" } } });
    const x = await connect(user.key, "twitter");
    const own = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "https://example.com/a",
        platforms: [{ platform: "twitter", account_id: x.id }],
        schedule_type: "immediate",
        utm: { campaign: "{platform}-only" },
      },
    });
    expect(own.status).toBe(201);
    expect(own.body.data.utm).toEqual({ campaign: "{platform}-only" });
    const none = await publishAt(user.key, BASE, [{ platform: "twitter", account_id: x.id }], "https://example.com/n");
    const [ownPost, nonePost] = await Promise.all([
      api("GET", `/api/v1/posts/${own.body.data.id}`, { key: user.key }),
      api("GET", `/api/v1/posts/${none.id}`, { key: user.key }),
    ]);
    expect(nonePost.body.data.utm).toBeNull();
    await expect
      .poll(async () => (await linkUrls(ownPost.body.data.id)).twitter)
      .toEqual(["https://example.com/a?utm_campaign=twitter-only"]);
    expect((await linkUrls(none.id)).twitter).toEqual(["https://example.com/n?utm_source=herald"]);

    const empty = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "x", platforms: [{ platform: "twitter", account_id: x.id }], utm: {} },
    });
    const edited = await api("PATCH", `/api/v1/posts/${empty.body.data.id}`, {
      key: user.key,
      body: { text: "https://example.com/e", schedule_type: "immediate" },
    });
    expect(edited.body.data.utm).toEqual({});
    await expect.poll(async () => (await linkUrls(empty.body.data.id)).twitter).toEqual(["https://example.com/e"]);

    await api("PUT", "/api/v1/settings/utm", { key: user.key, body: { utm: null } });
    const plain = await publishAt(user.key, BASE, [{ platform: "twitter", account_id: x.id }], "https://example.com/p");
    expect((await linkUrls(plain.id)).twitter).toEqual(["https://example.com/p"]);
  });

  it("refuses unknown or empty fields and changes nothing", async () => {
    await api("PUT", "/api/v1/settings/utm", { key: user.key, body: { utm: { source: "keep" } } });
    for (const utm of [{ term: "x" }, { source: "" }, "social"]) {
      const res = await api("PUT", "/api/v1/settings/utm", { key: user.key, body: { utm } });
      expect([res.status, res.body.error.code]).toEqual([400, "validation_error"]);
    }
    expect((await api("GET", "/api/v1/settings/utm", { key: user.key })).body.data.utm).toEqual({ source: "keep" });
    const other = await newUser("creator");
    expect((await api("GET", "/api/v1/settings/utm", { key: other.key })).body.data.utm).toBeNull();
  });
});
