import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { connect } from "../helpers/api";
import { sendCompose, signedInUser } from "../helpers/dashboard";
import { pdf, png, uploaded } from "../helpers/media";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let linkedin: { id: string };
let mastodon: { id: string };
beforeEach(async () => {
  owner = await signedInUser("studio");
  linkedin = await connect(owner.key, "linkedin", { name: "Acme on LinkedIn" });
  mastodon = await connect(owner.key, "mastodon", { name: "@acme@social.example" });
});

const compose = (fields: Record<string, string | string[] | File>) => sendCompose(owner.browser, fields);

const libraryRows = async () =>
  (
    await env.DB.prepare("SELECT id, filename FROM media WHERE user_id = ?")
      .bind(owner.userId)
      .all<{ id: string; filename: string }>()
  ).results;
const postCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(owner.userId).first<{ n: number }>())!
    .n;

describe("compose with media from the library", () => {
  it("a file chosen in a row is uploaded to the library; Preview shows each platform's refusal and saves no post", async () => {
    const deck = new File([await pdf(2)], "deck.pdf", { type: "application/pdf" });
    const res = await compose({
      text: "Our quarter",
      account: [`linkedin:${linkedin.id}`, `mastodon:${mastodon.id}`],
      "media.0.file": deck,
      "media.0.url": "",
      "media.0.type": "image",
      "media.0.alt_text": "",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
      intent: "preview",
    });
    expect(res.status).toBe(400);
    expect(res.page).toContain("mastodon takes no documents (PDF)");
    expect(res.page).toMatch(new RegExp(`aria-describedby="error-account-${mastodon.id}"`));
    const [item] = await libraryRows();
    expect(item).toMatchObject({ filename: "deck.pdf" });
    // The row now names the uploaded item, picked in its select: saving again does not upload it twice.
    expect(res.page).toContain(`<option value="${item!.id}" selected>deck.pdf · document`);
    expect(await postCount()).toBe(0);

    const saved = await compose({
      text: "Our quarter",
      account: [`linkedin:${linkedin.id}`],
      "media.0.media_id": item!.id,
      "media.0.url": "",
      "media.0.type": "image",
      "media.0.alt_text": "",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
      intent: "save",
    });
    expect(saved.status).toBe(303);
    const post = await env.DB.prepare("SELECT media FROM posts WHERE user_id = ?").bind(owner.userId).first<{
      media: string;
    }>();
    expect(JSON.parse(post!.media)).toEqual([expect.objectContaining({ media_id: item!.id, type: "document" })]);
    expect(await libraryRows()).toHaveLength(1);
  });

  it("a pick from the library previews with the copy a platform needs; a file that is not media is its row's problem", async () => {
    const photo = await uploaded(owner.key, await png(700, 700, { noise: true }), { filename: "noise.png" });
    const bluesky = await connect(owner.key, "bluesky", { name: "Acme on Bluesky" });
    const preview = await compose({
      text: "A picture",
      account: [`bluesky:${bluesky.id}`, `mastodon:${mastodon.id}`],
      "media.0.media_id": photo.id,
      "media.0.url": "",
      "media.0.type": "image",
      "media.0.alt_text": "Noise",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
      intent: "preview",
    });
    expect(preview.status).toBe(200);
    expect(preview.page).toContain("a JPEG copy of at most");
    const variants = await env.DB.prepare("SELECT COUNT(*) AS n FROM media_variants WHERE media_id = ?")
      .bind(photo.id)
      .first<{ n: number }>();
    expect(variants!.n).toBe(0);

    const fake = new File([new TextEncoder().encode("not a picture")], "notes.png", { type: "image/png" });
    const refused = await compose({
      text: "A picture",
      account: [`mastodon:${mastodon.id}`],
      "media.0.file": fake,
      "media.0.url": "",
      "media.0.type": "image",
      "media.0.alt_text": "",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
      intent: "save",
    });
    expect(refused.status).toBe(400);
    expect(refused.page).toMatch(/id="error-media-0-file">notes\.png: /);
    expect([await postCount(), (await libraryRows()).length]).toEqual([0, 1]);
  });
});
