import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { open, sendCompose, signedInUser } from "../helpers/dashboard";
import { createPost, FUTURE, publishedCalls, runDue, settled } from "../helpers/posts";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
beforeEach(async () => {
  owner = await signedInUser("studio");
  bluesky = await connect(owner.key, "bluesky", { name: "Acme Coffee" });
});

type Fields = Record<string, string | string[]>;
const compose = (fields: Fields, path?: string) => sendCompose(owner.browser, fields, path);
const postCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(owner.userId).first<{ n: number }>())!
    .n;
const getPost = async (id: string) => (await api("GET", `/api/v1/posts/${id}`, { key: owner.key })).body.data;

/** A post to `accounts` at a future time, with `thread` as segments 1, 2, … and any other fields. */
const threaded = (accounts: string[], thread: string[], extra: Fields = {}): Fields => ({
  text: "1/ Summer menu",
  account: accounts,
  when: "at",
  scheduled_at: FUTURE.slice(0, 16),
  ...Object.fromEntries(thread.map((text, i) => [`thread.${i}.text`, text])),
  intent: "save",
  ...extra,
});

/** A field's problem as the form draws it under the field. */
const problemOf = (page: string, id: string) =>
  new RegExp(`<p class="field-error" id="error-${id}">([^<]*)</p>`).exec(page)?.[1];

describe("the compose form's thread and first comment", () => {
  it("Add to thread and Remove segment work without the script: the form comes back changed, nothing saved", async () => {
    const { page } = await open(owner.browser, "/dashboard/compose");
    expect(page).toContain(
      '<button type="submit" id="add-segment" name="intent" value="add_segment">Add to thread</button>',
    );
    expect(page).toContain('<label for="first_comment">First comment</label>');
    // No segment yet, and an empty one for the script to copy (a template is not part of the form).
    expect(page).toContain('<div id="segments"></div>');
    expect(page).toMatch(/<template id="segment-template"><fieldset class="segment" id="thread-0"/);

    const added = await compose({ ...threaded([`bluesky:${bluesky.id}`], ["2/ Beans"]), intent: "add_segment" });
    expect(added.status).toBe(200);
    expect(added.page).toContain(
      '<textarea id="thread-0-text" name="thread.0.text" rows="3" data-segment-text>2/ Beans</textarea>',
    );
    expect(added.page).toContain('name="thread.1.text" rows="3" data-segment-text></textarea>');
    expect(added.page).toContain("<legend>Segment 2</legend>");
    expect(added.page).toContain('name="thread.1.media.0.url"');

    const removed = await compose({
      ...threaded([`bluesky:${bluesky.id}`], ["2/ Beans", "3/ Roast"]),
      intent: "remove_segment.0",
    });
    expect(removed.status).toBe(200);
    expect(removed.page).toContain('name="thread.0.text" rows="3" data-segment-text>3/ Roast</textarea>');
    expect(removed.page).not.toContain('name="thread.1.text"');
    expect(removed.page).toContain('value="remove_segment.0"');
    expect(await postCount()).toBe(0);
  });

  it("saving creates the post with thread and first_comment as the REST API takes them; the chain goes out in order", async () => {
    const res = await compose(
      threaded([`bluesky:${bluesky.id}`], ["2/ Beans", "", "3/ Roast"], {
        "thread.2.media.0.url": "https://cdn.example.com/roast.png",
        "thread.2.media.0.type": "image",
        "thread.2.media.0.alt_text": "The roaster",
        first_comment: "Questions welcome",
      }),
    );
    expect(res.status).toBe(303);
    const id = /\/dashboard\/posts\/(post_[^?]+)\?done=created$/.exec(res.location ?? "")![1]!;
    const post = await getPost(id);
    // The empty segment in between is left out, as an empty media row is.
    expect(post.thread).toEqual([
      { text: "2/ Beans", media: [] },
      {
        text: "3/ Roast",
        media: [{ type: "image", url: "https://cdn.example.com/roast.png", alt_text: "The roaster" }],
      },
    ]);
    expect(post.first_comment).toEqual({ text: "Questions welcome" });

    await runDue(owner.key);
    await settled(owner.key, id);
    const calls = await publishedCalls(owner.key);
    expect(calls.map((c) => [c.kind, c.text])).toEqual([
      ["publish", "1/ Summer menu"],
      ["publish", "2/ Beans"],
      ["publish", "3/ Roast"],
      ["comment", "Questions welcome"],
    ]);
    expect(calls.map((c) => c.parent_platform_post_id)).toEqual([
      null,
      calls[0]!.platform_post_id,
      calls[1]!.platform_post_id,
      calls[0]!.platform_post_id,
    ]);
  });

  it("Preview shows each segment's length against the limit, in the order they go out, and the first comment's", async () => {
    const res = await compose(
      threaded([`bluesky:${bluesky.id}`], ["2/ Beans"], { first_comment: "Ask us", intent: "preview" }),
    );
    expect(res.status).toBe(200);
    expect(res.page).toMatch(
      /<li data-segment="1">Segment 1 <span class="badge s-published" data-length="8">8 \/ 300<\/span>: 2\/ Beans<\/li>/,
    );
    expect(res.page).toMatch(
      /<li data-first-comment>First comment <span class="badge s-published" data-length="6">6 \/ 300<\/span>: Ask us<\/li>/,
    );
    expect(await postCount()).toBe(0);
  });

  describe("refusals come back on the form as the REST create's, nothing saved", () => {
    const cases: { what: string; platform: string; fields: (account: string) => Fields; says: RegExp }[] = [
      {
        what: "a segment over the account's limit, with its index (Save and Preview)",
        platform: "bluesky",
        fields: (a) => threaded([a], ["2/ Fine", "x".repeat(301)]),
        says: /segment 2 \(thread\.1\): 301 characters; account acct_\w+ allows 300/,
      },
      {
        what: "a thread on a platform without reply chains (thread_not_supported)",
        platform: "linkedin",
        fields: (a) => threaded([a], ["2/ More"]),
        says: /linkedin has no reply chains: it takes no thread/,
      },
      {
        what: "a first comment where the platform takes none (first_comment_not_supported)",
        platform: "tiktok",
        fields: (a) => threaded([a], [], { first_comment: "Hello" }),
        says: /tiktok takes no first comment under its posts/,
      },
    ];
    for (const { what, platform, fields, says } of cases) {
      it(what, async () => {
        const account = platform === "bluesky" ? bluesky : await connect(owner.key, platform);
        for (const intent of ["save", "preview"]) {
          const res = await compose({ ...fields(`${platform}:${account.id}`), intent });
          expect(res.status, intent).toBe(400);
          expect(res.page).toContain("<strong>Nothing was saved.</strong>");
          expect(problemOf(res.page, `account-${account.id}`)).toMatch(says);
        }
        expect(await postCount()).toBe(0);
      });
    }

    it("a segment's bad media URL beside that segment's field; too many segments beside the thread", async () => {
      const res = await compose(
        threaded([`bluesky:${bluesky.id}`], ["2/ Pic"], {
          "thread.0.media.0.url": "not a url",
          "thread.0.media.0.type": "image",
        }),
      );
      expect(res.status).toBe(400);
      expect(problemOf(res.page, "thread-0-media-0-url")).toBeTruthy();
      expect(res.page).toMatch(/<a href="#thread-0-media-0-url">Segment 1 media 1 url: /);

      const many = await compose(
        threaded(
          [`bluesky:${bluesky.id}`],
          Array.from({ length: 26 }, (_, i) => `${i + 2}/`),
        ),
      );
      // The form sends at most 25 segments, as the API takes: the 26th is not read.
      expect(many.status).toBe(303);
      expect((await getPost(/(post_[^?]+)/.exec(many.location!)![1]!)).thread).toHaveLength(25);
    });
  });

  it("Edit shows the post's thread and first comment; saving without a segment and the comment removes them", async () => {
    const post = await createPost(owner.key, {
      text: "1/ Menu",
      thread: [{ text: "2/ Beans" }, { text: "3/ Roast" }],
      first_comment: { text: "Ask us" },
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const path = `/dashboard/posts/${post.id}/edit`;
    const { page } = await open(owner.browser, path);
    expect(page).toContain('name="thread.0.text" rows="3" data-segment-text>2/ Beans</textarea>');
    expect(page).toContain('name="thread.1.text" rows="3" data-segment-text>3/ Roast</textarea>');
    expect(page).toMatch(/<textarea id="first_comment" name="first_comment" rows="2">Ask us<\/textarea>/);

    const res = await compose(
      { ...threaded([`bluesky:${bluesky.id}`], ["3/ Roast"]), text: "1/ Menu", first_comment: "" },
      path,
    );
    expect(res.status).toBe(303);
    const saved = await getPost(post.id);
    expect(saved.thread).toEqual([{ text: "3/ Roast", media: [] }]);
    expect(saved.first_comment).toBeNull();
  });
});
