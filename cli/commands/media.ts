// `herald media`: upload files to the media library (resumably), list, show and delete them.
import { type Command, Option } from "commander";
import { clientFor, print } from "../context.ts";
import { positiveInt } from "../parse.ts";
import { uploadFile } from "../upload.ts";

export function mediaCommands(program: Command) {
  const media = program.command("media").description("The media library: files to use in posts");

  media
    .command("upload <file>")
    .description(
      "Upload a file (JPEG, PNG, WebP, GIF, MP4/MOV, PDF); large files go in parts with a progress bar, and running the same command again resumes an upload that was cut off",
    )
    .option("--alt <text>", "alt text for an image")
    .option("--type <contentType>", "the file's type (default: from its name); Herald checks it against the bytes")
    .action(async (file: string, options: { alt?: string; type?: string }, command: Command) => {
      const data = await uploadFile(clientFor(command), file, { altText: options.alt, contentType: options.type });
      print(command, data);
    });

  media
    .command("list")
    .description("List the media library, newest first")
    .addOption(new Option("--type <type>", "only this kind").choices(["image", "video", "document"]))
    .option("--limit <n>", "at most this many (1-100, default 20)", positiveInt)
    .action(async (options, command: Command) => {
      print(command, await clientFor(command).media.list({ type: options.type, limit: options.limit }));
    });

  media
    .command("get <mediaId>")
    .description("Show a media item and the posts that use it")
    .action(async (mediaId: string, _options, command: Command) => {
      print(command, await clientFor(command).media.get(mediaId));
    });

  media
    .command("delete <mediaId>")
    .description("Delete a media item (refused while a scheduled post uses it; drafts let go of it)")
    .action(async (mediaId: string, _options, command: Command) => {
      print(command, await clientFor(command).media.delete(mediaId));
    });
}
