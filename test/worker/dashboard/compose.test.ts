import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { hiddenField } from "../helpers/browser";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { group } from "../helpers/invites";
import { createPost, FUTURE, publishedCalls, runDue, settled } from "../helpers/posts";
import { createSlot } from "../helpers/slots";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
let mastodon: { id: string };
beforeEach(async () => {
  owner = await signedInUser("studio"); // the clock at Saturday 2030-06-01 08:00 UTC
  await submit(owner.browser, "/settings", "/settings/time-zone", { time_zone: "Europe/Berlin" });
  bluesky = await connect(owner.key, "bluesky", { name: "Acme Coffee" });
  mastodon = await connect(owner.key, "mastodon", { name: "@acme@social.example" });
});

const postsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT id FROM posts WHERE user_id = ? ORDER BY created_at")
      .bind(userId)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

/** The form as the page drew it: its hidden fields (CSRF token, idempotency key, zone). */
async function formOf(path = "/dashboard/compose") {
  const { page } = await open(owner.browser, path);
  const hidden = (name: string) => {
    try {
      return { [name]: hiddenField(page, name) };
    } catch {
      return {};
    }
  };
  return { page, fields: { ...hidden("csrf"), ...hidden("idempotency_key"), ...hidden("timezone") } };
}

type Fields = Record<string, string | string[]>;

/** Posts a form body the way a browser does (a checkbox ticked twice sends its name twice). */
async function send(action: string, fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const res = await owner.browser.fetch(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
  return { status: res.status, location: res.headers.get("location"), page: await res.text() };
}

const acct = (platform: string, id: string) => `${platform}:${id}`;

async function compose(fields: Fields, from?: Awaited<ReturnType<typeof formOf>>) {
  const form = from ?? (await formOf());
  return send("/dashboard/compose", { ...form.fields, intent: "save", ...fields });
}

const getPost = async (id: string) => (await api("GET", `/api/v1/posts/${id}`, { key: owner.key })).body.data;

describe("the new-post form", () => {
  it("offers the user's accounts by group with their limits, a text per platform, covers where taken, and a time in the owner's zone", async () => {
    const shop = await group(owner.key, "Acme Shop", [bluesky.id]);
    const youtube = await connect(owner.key, "youtube", { name: "Acme TV" });
    const stranger = await signedInUser("studio");
    const theirs = await connect(stranger.key, "bluesky", { name: "Someone Else" });

    const { page } = await formOf();
    expect(page).toContain('<legend>Acme Shop</legend><div class="account">');
    expect(page).toMatch(new RegExp(`value="bluesky:${bluesky.id}"[^>]*data-limit="300"`));
    expect(page).toContain('Bluesky · Acme Coffee <span class="small muted">300 characters');
    expect(page).toContain("<legend>Not in a group</legend>");
    expect(page).toContain(`value="youtube:${youtube.id}"`);
    expect(page).not.toContain(theirs.id);
    expect(page).not.toContain(shop.id);
    for (const platform of ["bluesky", "mastodon", "youtube"]) expect(page).toContain(`name="override.${platform}"`);
    expect(page).toContain('name="media.0.cover_url"'); // YouTube takes a cover image
    expect(page).toContain("For videos, on YouTube.");
    // The next whole hour at least half an hour away, on Berlin's clocks (08:00 UTC is 10:00 there).
    expect(page).toContain('name="scheduled_at" type="datetime-local" value="2030-06-01T11:00"');
    expect(page).toContain('name="timezone" value="Europe/Berlin"');
    expect(hiddenField(page, "idempotency_key")).toMatch(/^form_/);
    expect(page).toContain('<script src="/dashboard/compose.js" defer></script>');
    const script = await owner.browser.fetch("/dashboard/compose.js");
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(await script.text()).toContain("dataset.linkPattern");
  });

  it("schedules at a time on the owner's clocks, with a platform's own text and media: the post page says so, and the week shows it", async () => {
    const saved = await compose({
      text: "Summer blend is here",
      account: [acct("bluesky", bluesky.id), acct("mastodon", mastodon.id)],
      "override.mastodon": "Summer blend is here #coffee",
      "media.0.url": "https://cdn.example.com/cup.png",
      "media.0.type": "image",
      "media.0.alt_text": "A cup of coffee",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
    });
    expect(saved.status).toBe(303);
    const id = /^\/dashboard\/posts\/(post_[^?]+)\?done=created$/.exec(saved.location ?? "")?.[1];
    expect(id).toBeDefined();
    const post = await getPost(id!);
    expect(post).toMatchObject({
      status: "scheduled",
      text: "Summer blend is here",
      scheduled_at: "2030-06-04T10:30:00.000Z",
      timezone: "Europe/Berlin",
      media: [{ type: "image", url: "https://cdn.example.com/cup.png", alt_text: "A cup of coffee" }],
      platform_overrides: { mastodon: { detached: true, text: "Summer blend is here #coffee" } },
    });
    expect(post.platforms.map((t: { account_id: string }) => t.account_id)).toEqual([bluesky.id, mastodon.id]);

    const result = await open(owner.browser, saved.location!);
    expect(result.page).toContain("Created: it goes out Tue, 4 Jun 2030, 12:30 (Europe/Berlin).");
    expect(result.page).toContain(`action="/dashboard/posts/${id}/request-approval"`); // Send for approval
    expect(result.page).toContain(`action="/dashboard/posts/${id}/review-links"`); // Create review link
    expect(result.page).toContain(`href="/dashboard/posts/${id}/edit"`);
    const week = await open(owner.browser, "/dashboard?week=2030-06-03");
    expect(week.page).toContain(`href="/dashboard/posts/${id}"`);
    expect(week.page).toMatch(/<span class="time">12:30<\/span><span class="badge s-scheduled">/);
  });

  it("puts the post in the next free posting slot, saves a draft, or publishes now", async () => {
    await createSlot(owner.key, { account_ids: [bluesky.id], weekday: 1, time: "09:00", timezone: "Europe/Berlin" });
    const slotted = await compose({ text: "Into the slot", account: acct("bluesky", bluesky.id), when: "next_slot" });
    expect(await getPost(slotted.location!.split("/")[3]!.split("?")[0]!)).toMatchObject({
      status: "scheduled",
      scheduled_at: "2030-06-03T07:00:00.000Z",
    });

    const draft = await compose({
      text: "Later",
      account: acct("bluesky", bluesky.id),
      when: "draft",
      scheduled_at: "2030-06-10T09:00",
    });
    const draftId = draft.location!.split("/")[3]!.split("?")[0]!;
    expect(await getPost(draftId)).toMatchObject({ status: "draft", scheduled_at: "2030-06-10T07:00:00.000Z" });
    expect((await open(owner.browser, draft.location!)).page).toContain("Created as a draft.");

    const now = await compose({ text: "Right away", account: acct("mastodon", mastodon.id), when: "now" });
    const nowId = now.location!.split("/")[3]!.split("?")[0]!;
    expect((await settled(owner.key, nowId)).status).toBe("published");
    expect((await publishedCalls(owner.key, mastodon.id)).map((c) => c.text)).toEqual(["Right away"]);
  });

  it("gives each problem back beside its field with what was typed, the same problems as the REST create, and saves nothing", async () => {
    const tooLong = "x".repeat(301);
    const both = [acct("bluesky", bluesky.id), acct("mastodon", mastodon.id)];
    const refused = await compose({
      text: tooLong,
      account: both,
      "media.0.url": "not a url",
      "media.0.type": "image",
      "media.0.alt_text": "Kept alt",
      when: "at",
      scheduled_at: "2030-05-01T09:00",
    });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(
      '<div class="notice bad" role="alert" id="errors"><strong>Nothing was saved.</strong>',
    );
    expect(refused.page).toContain(`<textarea id="text" name="text" rows="6">${tooLong}</textarea>`);
    expect(refused.page).toMatch(
      /id="media-0-url" name="media.0.url" type="url" value="not a url"[^>]*aria-invalid="true"/,
    );
    expect(refused.page).toContain('id="media-0-alt_text" name="media.0.alt_text" type="text" value="Kept alt"');
    expect(refused.page).toContain('<a href="#media-0-url">Media 1 url: Invalid URL</a>');
    // The REST create answers the same body with the same problems.
    const rest = await api("POST", "/api/v1/posts", {
      key: owner.key,
      body: {
        text: tooLong,
        platforms: [
          { platform: "bluesky", account_id: bluesky.id },
          { platform: "mastodon", account_id: mastodon.id },
        ],
        media: [{ type: "image", url: "not a url", alt_text: "Kept alt" }],
        schedule_type: "scheduled",
        scheduled_at: "2030-05-01T09:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.error.issues).toEqual([{ path: "media.0.url", message: "Invalid URL" }]);

    // With the URL right, the time in the past is the problem, beside the time.
    const past = await compose({ text: tooLong, account: both, when: "at", scheduled_at: "2030-05-01T09:00" });
    expect(past.status).toBe(400);
    expect(past.page).toContain('value="2030-05-01T09:00" aria-invalid="true" aria-describedby="error-scheduled_at"');
    expect(past.page).toContain('<p class="field-error" id="error-scheduled_at">must not be in the past</p>');

    // Once the time is right, the text's length is the problem, on the account it is too long for.
    const long = await compose({ text: tooLong, account: both, when: "at", scheduled_at: "2030-06-04T09:00" });
    expect(long.status).toBe(400);
    expect(long.page).toMatch(
      new RegExp(`id="account-${bluesky.id}"[^>]*aria-invalid="true" aria-describedby="error-account-${bluesky.id}"`),
    );
    expect(long.page).toContain(
      `<p class="field-error" id="error-account-${bluesky.id}">301 characters; account ${bluesky.id} allows 300</p>`,
    );
    expect(long.page).not.toContain(`id="error-account-${mastodon.id}"`);
    expect(await postsOf(owner.userId)).toEqual([]);
  });

  it("refuses another user's account as the REST create does (400 on its box), and a forged form (403)", async () => {
    const stranger = await signedInUser("studio");
    const theirs = await connect(stranger.key, "bluesky");
    const refused = await compose({ text: "Hi", account: acct("bluesky", theirs.id), when: "now" });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(`Account ${theirs.id} not found`);
    const form = await formOf();
    const forged = await send("/dashboard/compose", {
      ...form.fields,
      csrf: "forged",
      text: "Hi",
      account: acct("bluesky", bluesky.id),
      when: "now",
      intent: "save",
    });
    expect(forged.status).toBe(403);
    expect(await postsOf(owner.userId)).toEqual([]);
    expect(await postsOf(stranger.userId)).toEqual([]);
  });

  it("Preview shows what each platform gets (UTC time, length against its limit, media fields it takes) and saves nothing", async () => {
    const preview = await compose({
      intent: "preview",
      text: "Look https://example.com/a-very-long-link-to-our-summer-menu",
      account: [acct("bluesky", bluesky.id), acct("mastodon", mastodon.id)],
      "media.0.url": "https://cdn.example.com/cup.png",
      "media.0.type": "image",
      "media.0.alt_text": "A cup",
      when: "at",
      scheduled_at: "2030-06-04T12:30",
    });
    expect(preview.status).toBe(200);
    const dry = await api("POST", "/api/v1/posts?dry_run=true", {
      key: owner.key,
      body: {
        text: "Look https://example.com/a-very-long-link-to-our-summer-menu",
        platforms: [
          { platform: "bluesky", account_id: bluesky.id },
          { platform: "mastodon", account_id: mastodon.id },
        ],
        media: [{ type: "image", url: "https://cdn.example.com/cup.png", alt_text: "A cup" }],
        schedule_type: "scheduled",
        scheduled_at: "2030-06-04T12:30",
        timezone: "Europe/Berlin",
      },
    });
    const [onBluesky, onMastodon] = dry.body.data.platforms;
    const card = (id: string) =>
      preview.page.slice(preview.page.indexOf(`data-account="${id}"`)).split("</article>")[0]!;
    expect(card(bluesky.id)).toContain(`data-length="${onBluesky.text_length}">${onBluesky.text_length} / 300</span>`);
    expect(card(bluesky.id)).toContain("Goes out <strong>2030-06-04 10:30 UTC</strong>");
    expect(card(bluesky.id)).toContain("<li>image 1: with alt text</li>");
    expect(card(mastodon.id)).toContain(`${onMastodon.text_length} / 500`);
    expect(card(mastodon.id)).toContain("<li>image 1: the file only</li>");
    // The form keeps what was typed, with a row for one more media item, and the same key.
    expect(preview.page).toContain('name="media.1.url"');
    expect(await postsOf(owner.userId)).toEqual([]);
  });

  it("a form submitted twice at once (a double click), round after round, creates one post, and both answers lead to it", async () => {
    for (let round = 0; round < 5; round++) {
      const form = await formOf();
      const fields = {
        text: `Round ${round}`,
        account: acct("bluesky", bluesky.id),
        when: "at",
        scheduled_at: "2030-06-04T12:30",
      };
      const answers = await Promise.all([compose(fields, form), compose(fields, form), compose(fields, form)]);
      expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
      expect(new Set(answers.map((a) => a.location)).size).toBe(1);
      expect(await postsOf(owner.userId)).toHaveLength(round + 1);
    }
    // A new form is a new post.
    await compose({
      text: "Round 0",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-04T12:30",
    });
    expect(await postsOf(owner.userId)).toHaveLength(6);
  });

  it("a submit that died after writing its post, before its answer was kept, leads to that post when sent again", async () => {
    const before = (await postsOf(owner.userId)).length;
    const form = await formOf();
    const fields = {
      text: "Saved, then the crash",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-05T08:00",
    };
    const first = await compose(fields, form);
    expect(first.status).toBe(303);
    await env.DB.prepare(
      "UPDATE idempotency_keys SET response_status = NULL, response_body = NULL WHERE user_id = ? AND key = ?",
    )
      .bind(owner.userId, form.fields.idempotency_key)
      .run();
    await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { advance_ms: 61_000 } });
    const again = await compose(fields, form);
    expect([again.status, again.location]).toEqual([303, first.location]);
    expect(await postsOf(owner.userId)).toHaveLength(before + 1);
  });
});

describe("Edit from the post page", () => {
  it("opens the post in the form, and saving changes it through the REST update, keeping what the form does not show", async () => {
    const post = await createPost(owner.key, {
      text: "First words",
      platforms: [{ platform: "mastodon", account_id: mastodon.id, metadata: { visibility: "unlisted" } }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      timezone: "Europe/Berlin",
      platform_overrides: { mastodon: { detached: true, text: "Mastodon words" } },
    });
    const form = await formOf(`/dashboard/posts/${post.id}/edit`);
    expect(form.page).toContain("<h1>Edit post");
    expect(form.page).toContain(">First words</textarea>");
    expect(form.page).toContain('data-override-for="mastodon">Mastodon words</textarea>');
    expect(form.page).toMatch(new RegExp(`value="mastodon:${mastodon.id}" checked`));
    expect(form.page).toContain('value="2030-06-01T11:00"'); // 09:00 UTC in Berlin
    expect(form.page).not.toContain('value="next_slot"');
    expect(form.page).not.toContain('name="idempotency_key"');

    const saved = await send(`/dashboard/posts/${post.id}/edit`, {
      ...form.fields,
      intent: "save",
      text: "Better words",
      account: acct("mastodon", mastodon.id),
      "override.mastodon": "",
      when: "at",
      scheduled_at: "2030-06-02T18:00",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/dashboard/posts/${post.id}?done=saved`);
    const after = await getPost(post.id);
    expect(after).toMatchObject({
      text: "Better words",
      scheduled_at: "2030-06-02T16:00:00.000Z",
      status: "scheduled",
    });
    expect(after.platforms[0].metadata).toEqual({ visibility: "unlisted" });
    expect(after.platform_overrides).toEqual({});
    expect((await open(owner.browser, saved.location!)).page).toContain(
      "Saved: it goes out Sun, 2 Jun 2030, 18:00 (Europe/Berlin).",
    );

    const drafted = await send(`/dashboard/posts/${post.id}/edit`, {
      ...form.fields,
      intent: "save",
      text: "Better words",
      account: acct("mastodon", mastodon.id),
      when: "draft",
      scheduled_at: "2030-06-02T18:00",
    });
    expect(drafted.status).toBe(303);
    expect((await getPost(post.id)).status).toBe("draft");
  });

  it("is a 404 page for another user's post, and a published post cannot be edited (409 on the form)", async () => {
    const post = await createPost(owner.key, {
      text: "Mine",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const stranger = await signedInUser("studio");
    expect((await open(stranger.browser, `/dashboard/posts/${post.id}/edit`)).status).toBe(404);
    const csrf = hiddenField((await open(stranger.browser, "/dashboard/compose")).page, "csrf");
    const theirs = await stranger.browser.post(`/dashboard/posts/${post.id}/edit`, {
      csrf,
      text: "Mallory",
      intent: "save",
    });
    expect(theirs.status).toBe(404);
    expect((await getPost(post.id)).text).toBe("Mine");

    await runDue(owner.key);
    await settled(owner.key, post.id);
    const form = await formOf(`/dashboard/posts/${post.id}/edit`);
    const late = await send(`/dashboard/posts/${post.id}/edit`, {
      ...form.fields,
      intent: "save",
      text: "Too late",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-04T09:00",
    });
    expect(late.status).toBe(409);
    expect(late.page).toContain("A published post cannot be edited");
    expect((await getPost(post.id)).text).toBe("Mine");
  });
});

describe("the form's evergreen fields", () => {
  const idOf = (location: string | null) => location!.split("/")[3]!.split("?")[0]!;

  it("make the post come back (days, copies, until, a variation per line); emptying the days on edit stops it", async () => {
    const saved = await compose({
      text: "Our guide",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-02T10:00",
      repeat_every: "30",
      repeat_times: "3",
      repeat_until: "2030-12-31",
      repeat_variations: "Still worth a read\r\n\r\nThe guide, again\r\n",
    });
    expect(saved.status).toBe(303);
    const id = idOf(saved.location);
    expect((await getPost(id)).repeat).toEqual({
      every_days: 30,
      times: 3,
      until: "2030-12-31",
      variations: ["Still worth a read", "The guide, again"],
    });
    const form = await formOf(`/dashboard/posts/${id}/edit`);
    expect(form.page).toContain('id="repeat_every" name="repeat_every" type="number" value="30"');
    expect(form.page).toContain(">Still worth a read\nThe guide, again</textarea>");
    const stopped = await send(`/dashboard/posts/${id}/edit`, {
      ...form.fields,
      intent: "save",
      text: "Our guide",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-02T10:00",
      repeat_every: "",
    });
    expect(stopped.status).toBe(303);
    expect((await getPost(id)).repeat).toBeNull();
  });

  it("give X's refusal beside its account and a bad number beside its field, saving nothing", async () => {
    const x = await connect(owner.key, "twitter", { name: "Acme X" });
    const before = await postsOf(owner.userId);
    const refused = await compose({
      text: "Again and again",
      account: acct("twitter", x.id),
      when: "now",
      repeat_every: "7",
    });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(`id="error-account-${x.id}">X refuses the same text twice`);
    const bad = await compose({ text: "t", account: acct("bluesky", bluesky.id), when: "now", repeat_every: "400" });
    expect(bad.status).toBe(400);
    expect(bad.page).toMatch(/id="repeat_every"[^>]*aria-invalid="true"/);
    expect(bad.page).toContain('<a href="#repeat_every">Comes back every (days)');
    expect(await postsOf(owner.userId)).toEqual(before);
  });

  it("on a copy, say its rule is on the original", async () => {
    const original = await createPost(owner.key, {
      text: "Evergreen",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
      repeat: { every_days: 2 },
    });
    await settled(owner.key, original.id);
    await api("POST", "/api/v1/sandbox/tick", { key: owner.key, body: { jobs: ["publish-sweep"] } });
    const copy = await env.DB.prepare("SELECT id FROM posts WHERE repeat_of = ?")
      .bind(original.id)
      .first<{ id: string }>();
    const form = await formOf(`/dashboard/posts/${copy!.id}/edit`);
    expect(form.page).toContain(`A copy of <a href="/dashboard/posts/${original.id}">an evergreen post</a>`);
    expect(form.page).not.toContain('name="repeat_every"');
    const saved = await send(`/dashboard/posts/${copy!.id}/edit`, {
      ...form.fields,
      intent: "save",
      text: "Edited copy",
      account: acct("bluesky", bluesky.id),
      when: "at",
      scheduled_at: "2030-06-05T10:00",
    });
    expect(saved.status).toBe(303);
    expect(await getPost(copy!.id)).toMatchObject({ text: "Edited copy", repeat_of: original.id, repeat: null });
  });
});
