import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, hasChromium } from "./helpers/chromium";
import { expectAccessible, type Herald, type SandboxUser, signedInPage, startHerald } from "./helpers/pages";

if (!hasChromium)
  console.warn(`Skipping the media page browser test: ${CHROMIUM} is missing (apt-get install chromium).`);

/** A 2×2 grey PNG, written out with Node's zlib (no image library). */
function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    Buffer.concat([Buffer.from(type), data]).copy(out, 4);
    out.writeUInt32BE(crc(Buffer.concat([Buffer.from(type), data])), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 200, 200, 200, 200, 200, 200, 0, 200, 200, 200, 200, 200, 200]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.skipIf(!hasChromium)("the media page in a real browser", () => {
  let herald: Herald;
  let owner: SandboxUser;
  let dir: string;

  beforeAll(async () => {
    herald = await startHerald("media");
    owner = await herald.newUser("creator");
    dir = mkdtempSync(join(tmpdir(), "herald-media-page-"));
  }, 120_000);
  afterAll(async () => herald?.stop());

  it("uploads with the plain file input with JavaScript off, shows the item, and refuses a file that is not media", async () => {
    const page = await signedInPage(herald, owner, { next: "/dashboard/media", javaScriptEnabled: false });
    const photo = join(dir, "dot.png");
    writeFileSync(photo, tinyPng());
    await page.setInputFiles("#file", photo);
    await page.fill("#alt_text", "A grey dot");
    await page.click("#media-upload button[type=submit]");
    await page.waitForSelector("text=Uploaded dot.png.", { timeout: 10_000 });
    expect(await page.textContent("ul.grid")).toContain("image/png · 1 KB · 2×2");
    const [item] = await herald.call("GET", "/api/v1/media", undefined, owner.api_key);
    expect(item).toMatchObject({ filename: "dot.png", alt_text: "A grey dot", width: 2 });

    const fake = join(dir, "movie.mp4");
    writeFileSync(fake, tinyPng());
    await page.setInputFiles("#file", fake);
    await page.click("#media-upload button[type=submit]");
    await page.waitForSelector("text=its bytes are image/png", { timeout: 10_000 });
    expect((await herald.call("GET", "/api/v1/media", undefined, owner.api_key)).length).toBe(1);

    await page.click(`#${item.id} button:has-text("Delete")`);
    await page.waitForSelector("text=Deleted.");
    expect(await herald.call("GET", "/api/v1/media", undefined, owner.api_key)).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript on, dropping a file on the upload area uploads it", async () => {
    const page = await signedInPage(herald, owner, { next: "/dashboard/media" });
    await page.waitForSelector(".drop:not([hidden])");
    await expectAccessible(page);
    const data = tinyPng().toString("base64");
    await page.evaluate(
      `(() => {
        const bytes = Uint8Array.from(atob(${JSON.stringify(data)}), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
        document.querySelector(".drop").dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      })()`,
    );
    await page.waitForSelector("text=Uploaded dropped.png.");
    await page.context().close();
  });

  it("compose refuses a library pick a platform cannot take before anything is saved, then uploads a chosen file once and posts it", async () => {
    const writer = await herald.newUser("studio");
    const bluesky = await herald.call("POST", "/api/v1/sandbox/accounts", { platform: "bluesky" }, writer.api_key);
    const doc = await PDFDocument.create();
    doc.addPage([200, 100]);
    const upload = new FormData();
    upload.append("file", new File([await doc.save()], "menu.pdf", { type: "application/pdf" }));
    const uploaded = await fetch(`${herald.origin}/api/v1/media`, {
      method: "POST",
      headers: { "x-api-key": writer.api_key },
      body: upload,
    });
    const { data: menu } = (await uploaded.json()) as { data: { id: string } };
    const library = () => herald.call("GET", "/api/v1/media", undefined, writer.api_key);
    const posts = () => herald.call("GET", "/api/v1/posts", undefined, writer.api_key);

    const page = await signedInPage(herald, writer, { next: "/dashboard/compose" });
    await page.fill("#text", "Our new menu");
    await page.check(`#account-${bluesky.id}`);
    await page.selectOption("#media-0-media_id", menu.id);
    await page.click("button[value=preview]");
    await page.waitForSelector("#errors");
    expect(await page.textContent("#errors")).toContain("Bluesky · bluesky account: bluesky takes no documents (PDF)");
    await expectAccessible(page);
    expect(await posts()).toEqual([]);

    const photo = join(dir, "latte.png");
    writeFileSync(photo, tinyPng());
    await page.selectOption("#media-0-media_id", "");
    await page.setInputFiles("#media-0-file", photo);
    await page.click("button[value=preview]");
    await page.waitForSelector("#preview");
    await expectAccessible(page);
    const items = await library();
    const latte = items.find((m: { filename: string }) => m.filename === "latte.png");
    expect(items).toHaveLength(2);
    // The row now names the uploaded item, so saving after the preview does not upload it again.
    expect(await page.inputValue("#media-0-media_id")).toBe(latte.id);

    await page.click("button[value=save]");
    await page.waitForURL(/\/dashboard\/posts\/post_[^?]+\?done=created$/);
    const [post] = await posts();
    expect(post.media).toMatchObject([{ media_id: latte.id }]);
    expect(await library()).toHaveLength(2);
    await page.context().close();
  }, 120_000);
});
