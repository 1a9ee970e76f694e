import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { FUTURE, resetClock } from "../helpers/posts";

const IMAGE = { type: "image", url: "https://cdn.example/p.png" };
const VIDEO = { type: "video", url: "https://cdn.example/v.mp4" };

let user: { userId: string; key: string };
let ids: Record<string, string>;

const postCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

const target = (platform: string, metadata: Record<string, unknown> = {}) => ({
  platform,
  account_id: ids[platform]!,
  metadata,
});

beforeAll(async () => {
  user = await newUser();
  await resetClock(user.key);
  const list = { destinations: [{ id: "1", label: "One" }] };
  ids = {
    devto: (await connect(user.key, "devto")).id,
    hashnode: (await connect(user.key, "hashnode")).id,
    wordpress: (await connect(user.key, "wordpress", list)).id,
    tumblr: (await connect(user.key, "tumblr", list)).id,
    lemmy: (await connect(user.key, "lemmy", list)).id,
    listmonk: (await connect(user.key, "listmonk", list)).id,
  };
});

describe("what the article and community platforms refuse, answered when the post is scheduled", () => {
  it("gives one problem per target in error.targets and saves nothing", async () => {
    const before = await postCount(user.userId);
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        // No text: nothing to take a Lemmy title or a listmonk subject from.
        text: "",
        media: [IMAGE, IMAGE, VIDEO],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [
          target("devto"),
          target("hashnode"),
          target("wordpress", { destination_id: "1" }),
          target("lemmy", { destination_id: "1" }),
          target("listmonk", { destination_id: "1" }),
        ],
        platform_overrides: {
          devto: { tags: ["a", "b", "c", "d", "e"] },
          wordpress: { title: "T", canonical_url: "https://herald.example/1" },
        },
      },
    });
    expect(res.status).toBe(400);
    const codes = res.body.error.targets.map((t: { platform: string; code: string }) => `${t.platform}:${t.code}`);
    expect(codes).toEqual([
      "devto:media_not_supported",
      "devto:article_field_required",
      "devto:invalid_article_field",
      "hashnode:media_not_supported",
      "hashnode:article_field_required",
      "wordpress:article_field_not_supported",
      "lemmy:media_not_supported",
      "lemmy:article_field_required",
      "listmonk:media_not_supported",
      "listmonk:article_field_required",
    ]);
    expect(await postCount(user.userId)).toBe(before);
  });

  it("refuses DEV tags that are not letters and digits, and more than one video on Tumblr", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        media: [VIDEO, VIDEO],
        schedule_type: "immediate",
        platforms: [target("tumblr", { destination_id: "1" }), target("devto")],
        platform_overrides: {
          devto: { title: "T", tags: ["web-dev"] },
          tumblr: { detached: true, media: [VIDEO, VIDEO] },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets.map((t: { message: string }) => t.message)).toEqual([
      "Tumblr takes up to 30 images and one video per post",
      "DEV takes no media items: put images in the article body, or use cover_image",
      'DEV tags are letters and digits only: "web-dev"',
    ]);
  });

  it("keeps a draft whatever it holds (checked when it is scheduled), and takes a post each platform can publish", async () => {
    const draft = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "", media: [VIDEO], platforms: [target("devto"), target("lemmy", { destination_id: "1" })] },
    });
    expect(draft.status).toBe(201);

    const ok = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Herald ships six adapters\n\nDetails inside.",
        media: [IMAGE],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [
          target("tumblr", { destination_id: "1", draft: true }),
          target("wordpress", { destination_id: "1" }),
          target("lemmy", { destination_id: "1", title: "Six adapters" }),
          target("listmonk", { destination_id: "1", subject: "News", template_id: 3 }),
        ],
        platform_overrides: {
          tumblr: { title: "Six adapters", tags: ["herald"] },
          wordpress: { title: "Six adapters", cover_image: "https://cdn.example/c.png" },
        },
      },
    });
    expect(ok.status).toBe(201);
    const article = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Body",
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [target("devto", { draft: true }), target("hashnode")],
        platform_overrides: {
          devto: { title: "Six adapters", tags: ["webdev", "cloudflare"], canonical_url: "https://herald.example/1" },
          hashnode: { title: "Six adapters", tags: ["web-dev"] },
        },
      },
    });
    expect(article.status).toBe(201);
  });

  it("refuses an option the platform does not have", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        schedule_type: "immediate",
        platforms: [target("listmonk", { destination_id: "1", draft: "yes" }), target("devto", { publish_at: "x" })],
        platform_overrides: { devto: { title: "T" } },
      },
    });
    expect(res.body.error.targets.map((t: { code: string }) => t.code)).toEqual(["invalid_option", "invalid_option"]);
  });
});
