import { type Command, Option } from "commander";
import type { Body } from "../../sdk/src/index.ts";
import { clientFor, print } from "../context.ts";
import { collect, jsonArray, positiveInt, videoCover } from "../parse.ts";
import { needsCurrentPost, type PostFlags, postBody } from "../post-body.ts";
import { uploadFile } from "../upload.ts";

/** `--media-file` paths uploaded to the media library, each then one more media item (its `media_id` and kind). */
async function withMediaFiles(herald: ReturnType<typeof clientFor>, flags: PostFlags & { mediaFile: string[] }) {
  if (flags.mediaFile.length === 0) return flags;
  const uploaded = [];
  for (const path of flags.mediaFile) {
    const media = await uploadFile(herald, path, {});
    uploaded.push({ media_id: media.id, type: media.type });
  }
  return { ...flags, media: [...(flags.media ?? []), ...uploaded] };
}

const STATUSES = ["draft", "scheduled", "waiting_for_approval", "publishing", "published", "failed"];

/** The content flags `create` and `update` share. */
function postFlags(command: Command, platformsRequired: boolean) {
  const platforms = new Option(
    "--platforms <json>",
    'targets as a JSON array: [{"platform":"bluesky","account_id":"acct_…","metadata":{}}]',
  ).argParser(jsonArray);
  return command
    .option("--text <text>", "the post's text")
    .addOption(platformsRequired ? platforms.makeOptionMandatory() : platforms)
    .addOption(
      new Option("--schedule-type <type>", "scheduled or immediate (neither makes a draft)").choices([
        "scheduled",
        "immediate",
      ]),
    )
    .option("--scheduled-at <iso>", "when to publish, ISO 8601 (without an offset: wall-clock in --timezone)")
    .option("--timezone <zone>", "zone name for --scheduled-at, e.g. Europe/Berlin")
    .option("--media <json>", 'media as a JSON array: [{"type":"image","url":"https://…"}]', jsonArray)
    .option(
      "--media-file <path>",
      "upload a file to the media library and use it (repeatable, after --media)",
      collect,
      [],
    )
    .option("--alt <text>", "alt text, once per image in order", collect, [])
    .option("--video-cover <url|ms>", "cover image URL or frame time in ms, once per video in order", videoCover, [])
    .option("--detached <platform>", "keep this platform's own text and media (repeatable)", collect, [])
    .option(
      "--thread <text>",
      "a follow-up segment, posted as a reply to the one before (repeatable, in order; replaces the thread)",
      collect,
      [],
    )
    .option("--first-comment <text>", "a comment posted under the post once it (and its thread) is out")
    .option("--next-slot", "schedule into the next free posting slot of the post's accounts")
    .option(
      "--repeat-every <days>",
      "evergreen: a copy comes back at least this many days after each publish",
      positiveInt,
    )
    .option("--repeat-times <n>", "with --repeat-every: at most this many copies", positiveInt)
    .option("--repeat-until <date>", "with --repeat-every: no copy after this day (YYYY-MM-DD)")
    .option(
      "--repeat-variation <text>",
      "with --repeat-every: a text the copies rotate through (repeatable)",
      collect,
      [],
    )
    .option("--stop-repeat", "no more copies of this evergreen post (works on a published post too)");
}

export function postCommands(program: Command) {
  const posts = program.command("posts").description("Create, schedule, edit and list posts");

  posts
    .command("list")
    .description("List posts, newest first")
    .addOption(new Option("--status <status>", "only posts in this status").choices(STATUSES))
    .option("--limit <n>", "at most this many (1-100, default 20)", positiveInt)
    .option("--since <iso>", "only posts created at or after this time")
    .option("--all", "follow pages to the end")
    .action(async (options, command: Command) => {
      const herald = clientFor(command);
      const query = { status: options.status, limit: options.limit, since: options.since };
      if (!options.all) return print(command, await herald.posts.list(query));
      const all = [];
      for await (const post of herald.posts.each(query)) all.push(post);
      print(command, all);
    });

  posts
    .command("get <postId>")
    .description("Show a post with each platform's state")
    .action(async (postId: string, _options, command: Command) => {
      print(command, await clientFor(command).posts.get(postId));
    });

  postFlags(posts.command("create"), true)
    .description("Create a post: a draft, or scheduled/immediate with --schedule-type")
    .option("--dry-run", "check it and show what each platform would get; save nothing")
    .action(async (options: PostFlags & { dryRun?: boolean; mediaFile: string[] }, command: Command) => {
      const herald = clientFor(command);
      const body = postBody(await withMediaFiles(herald, options)) as Body<"/api/v1/posts", "post">;
      print(command, options.dryRun ? await herald.posts.dryRun(body) : await herald.posts.create(body));
    });

  postFlags(posts.command("update <postId>"), false)
    .description("Edit a draft or scheduled post; flags given replace the post's fields")
    .action(async (postId: string, options: PostFlags, command: Command) => {
      const herald = clientFor(command);
      const current = needsCurrentPost(options) ? await herald.posts.get(postId) : undefined;
      const body = postBody(options, current) as Body<"/api/v1/posts/{id}", "patch">;
      print(command, await herald.posts.update(postId, body));
    });

  posts
    .command("unschedule <postId>")
    .description("Move a scheduled post back to draft")
    .action(async (postId: string, _options, command: Command) => {
      print(command, await clientFor(command).posts.unschedule(postId));
    });

  posts
    .command("delete <postId>")
    .description("Delete a post from Herald (not from the platforms)")
    .action(async (postId: string, _options, command: Command) => {
      print(command, await clientFor(command).posts.delete(postId));
    });
}
