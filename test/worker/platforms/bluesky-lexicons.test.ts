import {
  type ComAtprotoIdentityResolveHandle,
  type ComAtprotoRepoCreateRecord,
  type ComAtprotoRepoGetRecord,
  schemas,
} from "@atproto/api";
import { jsonToLex, Lexicons } from "@atproto/lexicon";
import { describe, expect, it } from "vitest";
import { BlueskyAdapter, type PostRecord, type Wire, type WireBlob } from "../../../src/platforms/bluesky";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import { type Answer, bytes, json, scriptedPlatform } from "../helpers/platform";
import { pngOf } from "../helpers/png";

// Every record Herald writes to a Bluesky repository, checked at run time against Bluesky's own lexicons
// (the documents @atproto/api ships, read by @atproto/lexicon), as the PDS checks a record it is given.

const lexicons = new Lexicons(schemas);
/** A record as sent (JSON), checked as the PDS does: blobs and links decoded first. */
const assertValid = (record: { $type: string; [field: string]: unknown }) =>
  lexicons.assertValidRecord(record.$type, jsonToLex(record));

const account = blueskyAccount;
const CREATE = `POST ${PDS}/com.atproto.repo.createRecord`;
/** Real CIDs: the lexicons check their format (raw blobs `bafkrei…`, dag-cbor records `bafyrei…`). */
const BLOB_CIDS = [
  "bafkreieludigxrnirftld5ub3hflfbyjpannprcqqawq4r3rglmjdhqmx4",
  "bafkreictjuczkm6mniu3b2duom2mnlyimgnrwwpgoj7vbkajjsipmojsqi",
  "bafkreifmnhu6ytob35lap5lv6dhe6oo3hnpdxg26z3obpqskpzzkvkyrr4",
];
const ROOT_CID = "bafyreicicneu2e36cyy3xiyb2wwkw3t3w6vhjtqrqxkfmvs66uoxg5txwi";
const PARENT_CID = "bafyreiheoeszncz3oecj7pciali6ictr5ijvtxwpvowpoczulcadpvh7bq";
const POST_CID = "bafyreidsemiehpaya7tpoqfsgxvxkepmwmzfljvdovbvmmiznxuks5injm";
const created = (collection: string, rkey: string) =>
  json(200, {
    uri: `at://${DID}/${collection}/${rkey}`,
    cid: POST_CID,
  } satisfies Wire<ComAtprotoRepoCreateRecord.OutputSchema>);
const blob = (n: number, mimeType: string, size: number): WireBlob => ({
  $type: "blob",
  ref: { $link: BLOB_CIDS[n - 1]! },
  mimeType,
  size,
});
/** The records the adapter sent, in order. */
const recordsOf = (sent: { url: string; body: unknown }[]) =>
  sent.filter((s) => s.url.endsWith("com.atproto.repo.createRecord")).map((s) => (s.body as any).record);
const WIDE_PNG = await pngOf(40, 30, 90);
const png: Answer = () => new Response(WIDE_PNG, { headers: { "content-type": "image/png" } });
const page =
  (html: string): Answer =>
  () =>
    new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });

describe("Bluesky records against Bluesky's lexicons", () => {
  it("a post with link, mention and hashtag facets is a valid app.bsky.feed.post, its offsets in UTF-8 bytes", async () => {
    const text = "Café ☕ news: https://herald.example/l/abc123. Thanks @alice.bsky.social! #launch #日本語";
    const platform = scriptedPlatform([
      // A page without a title makes no card.
      { expect: "GET https://herald.example/l/abc123", answer: page("<html><head></head><body>hi</body></html>") },
      {
        expect: `GET ${PDS}/com.atproto.identity.resolveHandle?handle=alice.bsky.social`,
        answer: json(200, { did: "did:plc:alice" } satisfies ComAtprotoIdentityResolveHandle.OutputSchema),
      },
      { expect: CREATE, answer: created("app.bsky.feed.post", "3l6oveex3ii2l") },
    ]);
    await new BlueskyAdapter(platform.deps).publish(account, { text, media: [], options: {} });
    const [record] = recordsOf(platform.sent) as PostRecord[];
    expect(() => assertValid(record!)).not.toThrow();

    const utf8 = new TextEncoder().encode(text);
    const facetText = record!.facets!.map((f) =>
      new TextDecoder().decode(utf8.slice(f.index.byteStart, f.index.byteEnd)),
    );
    expect(facetText).toEqual(["https://herald.example/l/abc123", "@alice.bsky.social", "#launch", "#日本語"]);
    expect(record!.facets!.map((f) => f.features[0]!.$type)).toEqual([
      "app.bsky.richtext.facet#link",
      "app.bsky.richtext.facet#mention",
      "app.bsky.richtext.facet#tag",
      "app.bsky.richtext.facet#tag",
    ]);
  });

  it("a post's first link gets a card (the page's title, description and image as a thumbnail), and is valid", async () => {
    const head = `<html><head><title>Ignored</title>
      <meta property="og:title" content="Herald 2.0 &amp; more">
      <meta name="description" content="Scheduling for every network">
      <meta property="og:image" content="/img/card.png"></head><body>…</body></html>`;
    const platform = scriptedPlatform([
      { expect: "GET https://herald.example/blog/launch", answer: page(head) },
      { expect: "GET https://herald.example/img/card.png", answer: png },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(1, "image/png", 300) }) },
      { expect: CREATE, answer: created("app.bsky.feed.post", "card") },
      // A page that is gone: the post goes out without a card.
      { expect: "GET https://gone.example/", answer: () => new Response("gone", { status: 404 }) },
      { expect: CREATE, answer: created("app.bsky.feed.post", "nocard") },
    ]);
    const adapter = new BlueskyAdapter(platform.deps);
    await adapter.publish(account, { text: "Read https://herald.example/blog/launch!", media: [], options: {} });
    await adapter.publish(account, { text: "https://gone.example/", media: [], options: {} });
    const [card, plain] = recordsOf(platform.sent);
    expect(card.embed).toEqual({
      $type: "app.bsky.embed.external",
      external: {
        uri: "https://herald.example/blog/launch",
        title: "Herald 2.0 & more",
        description: "Scheduling for every network",
        thumb: blob(1, "image/png", 300),
      },
    });
    expect(() => assertValid(card)).not.toThrow();
    expect(plain.embed).toBeUndefined();
    expect(() => assertValid(plain)).not.toThrow();
  });

  it("images carry their alt text and aspect ratio, and the post is valid", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/wide.png", answer: png },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(1, "image/png", 300) }) },
      { expect: "GET https://cdn.example.com/unknown.jpg", answer: bytes(3000, "image/jpeg") },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(2, "image/jpeg", 3000) }) },
      { expect: CREATE, answer: created("app.bsky.feed.post", "3l7") },
    ]);
    await new BlueskyAdapter(platform.deps).publish(account, {
      text: "",
      media: [
        { type: "image", url: "https://cdn.example.com/wide.png", altText: "A lighthouse at dusk" },
        { type: "image", url: "https://cdn.example.com/unknown.jpg" },
      ],
      options: {},
    });
    const [record] = recordsOf(platform.sent);
    expect(record.embed).toEqual({
      $type: "app.bsky.embed.images",
      images: [
        { alt: "A lighthouse at dusk", image: blob(1, "image/png", 300), aspectRatio: { width: 40, height: 30 } },
        // Bytes that are no image Herald can read: no aspect ratio rather than a wrong one.
        { alt: "", image: blob(2, "image/jpeg", 3000) },
      ],
    });
    expect(() => assertValid(record)).not.toThrow();
  });

  it("a video post, a reply in a thread and a repost are valid records", async () => {
    const parent = `at://${DID}/app.bsky.feed.post/parent`;
    const root = { uri: `at://${DID}/app.bsky.feed.post/root`, cid: ROOT_CID };
    const getRecord = `GET ${PDS}/com.atproto.repo.getRecord?repo=${encodeURIComponent(DID)}&collection=app.bsky.feed.post&rkey=parent`;
    const parentRecord = json(200, {
      uri: parent,
      cid: PARENT_CID,
      value: {
        $type: "app.bsky.feed.post",
        text: "hi",
        createdAt: "2030-05-01T00:00:00.000Z",
        reply: { root, parent: root },
      },
    } satisfies ComAtprotoRepoGetRecord.OutputSchema);
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/clip.mp4", answer: bytes(4000, "video/mp4") },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(3, "video/mp4", 4000) }) },
      { expect: CREATE, answer: created("app.bsky.feed.post", "video") },
      { expect: getRecord, answer: parentRecord },
      { expect: CREATE, answer: created("app.bsky.feed.post", "reply") },
      { expect: getRecord, answer: parentRecord },
      { expect: CREATE, answer: created("app.bsky.feed.repost", "rp") },
    ]);
    const adapter = new BlueskyAdapter(platform.deps);
    await adapter.publish(account, {
      text: "Watch",
      media: [{ type: "video", url: "https://cdn.example.com/clip.mp4", altText: "The launch, in 30 s" }],
      options: {},
    });
    await adapter.comment(account, parent, "Thanks");
    await adapter.repost(account, parent);
    const [video, reply, repost] = recordsOf(platform.sent);
    expect(video.embed).toEqual({
      $type: "app.bsky.embed.video",
      video: blob(3, "video/mp4", 4000),
      alt: "The launch, in 30 s",
    });
    expect(reply.reply).toEqual({ root, parent: { uri: parent, cid: PARENT_CID } });
    expect(repost.$type).toBe("app.bsky.feed.repost");
    for (const record of [video, reply, repost]) expect(() => assertValid(record)).not.toThrow();
  });

  it("the lexicons refuse what a PDS would refuse (the check itself bites)", () => {
    const valid = { $type: "app.bsky.feed.post", text: "hi", createdAt: "2030-06-01T00:00:00.000Z" };
    expect(() => assertValid(valid)).not.toThrow();
    expect(() => assertValid({ ...valid, createdAt: "yesterday" })).toThrow(/createdAt/);
    expect(() => assertValid({ ...valid, facets: [{ index: { byteStart: "0", byteEnd: 2 }, features: [] }] })).toThrow(
      /byteStart/,
    );
    const image = { alt: "x", image: blob(1, "image/png", 300), aspectRatio: { width: 0, height: 30 } };
    expect(() => assertValid({ ...valid, embed: { $type: "app.bsky.embed.images", images: [image] } })).toThrow(
      /width/,
    );
  });
});
