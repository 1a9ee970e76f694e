import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { pdf, uploaded } from "../helpers/media";
import { json } from "../helpers/platform";
import { liveAccount, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

afterEach(() => vi.restoreAllMocks());

const API = "https://api.linkedin.com";
const DOCUMENT = "urn:li:document:D5F10AQH4nNZ2rd9nHQ";
const UPLOAD_URL = "https://www.linkedin.com/dms-uploads/sp/v2/D5F10AQH4nNZ2rd9nHQ/uploaded-document/0";

describe("a LinkedIn document post from the media library (LinkedIn scripted)", () => {
  it("uploads the PDF from R2 through the Documents API and posts it as a carousel with its title", async () => {
    const { userId, key } = await liveUser("creator");
    const account = await liveAccount(userId, "linkedin");
    const rt = await createRuntime(env);
    await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, { accessToken: "li-token" })).run();
    const bytes = await pdf(3);
    const deck = await uploaded(key, bytes, { filename: "deck.pdf" });
    expect([deck.type, deck.pages]).toEqual(["document", 3]);

    const linkedin = scriptWorkerFetch([
      {
        expect: `POST ${API}/rest/documents?action=initializeUpload`,
        answer: json(200, { value: { uploadUrl: UPLOAD_URL, document: DOCUMENT, uploadUrlExpiresAt: 1 } }),
      },
      { expect: `PUT ${UPLOAD_URL}`, answer: () => new Response(null, { status: 201 }) },
      {
        expect: `GET ${API}/rest/documents/${encodeURIComponent(DOCUMENT)}`,
        answer: json(200, { id: DOCUMENT, status: "AVAILABLE" }),
      },
      {
        expect: `POST ${API}/rest/posts`,
        answer: () => new Response(null, { status: 201, headers: { "x-restli-id": "urn:li:share:7100" } }),
      },
    ]);
    const created = await api("POST", "/api/v1/posts", {
      key,
      body: {
        text: "Our quarter",
        platforms: [{ platform: "linkedin", account_id: account.id }],
        media: [{ media_id: deck.id, title: "Q3 results" }],
        schedule_type: "immediate",
      },
    });
    expect(created.status).toBe(201);
    const post = await eventually(async () => {
      const res = await api("GET", `/api/v1/posts/${created.body.data.id}`, { key });
      return ["published", "failed"].includes(res.body.data.status) ? res.body.data : undefined;
    }, "the post to settle");
    expect(post.status).toBe("published");
    expect(linkedin.sent[1]!.body).toEqual({ bytes: bytes.byteLength, type: "application/octet-stream" });
    expect(linkedin.sent[3]!.body).toMatchObject({
      commentary: "Our quarter",
      content: { media: { id: DOCUMENT, title: "Q3 results" } },
    });
    expect(linkedin.remaining).toEqual([]);
  });

  it("is refused when the post is made, per target, on platforms that take no documents", async () => {
    const { userId, key } = await liveUser("creator");
    const [linkedin, mastodon] = await Promise.all([liveAccount(userId, "linkedin"), liveAccount(userId, "mastodon")]);
    const deck = await uploaded(key, await pdf(1), { filename: "deck.pdf" });
    const res = await api("POST", "/api/v1/posts", {
      key,
      body: {
        text: "Our quarter",
        platforms: [
          { platform: "linkedin", account_id: linkedin.id },
          { platform: "mastodon", account_id: mastodon.id },
        ],
        media: [{ media_id: deck.id }],
        schedule_type: "immediate",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets).toEqual([
      expect.objectContaining({ platform: "mastodon", code: "media_not_supported" }),
    ]);
  });
});
