import type { Command } from "commander";
import { clientFor, print } from "../context.ts";

export function rssCommands(program: Command) {
  const rss = program.command("rss").description("RSS and Atom feeds that become posts");

  rss
    .command("list")
    .description("List feeds with their mode, caps and status")
    .action(async (_options, command: Command) => {
      print(command, await clientFor(command).rssFeeds.list());
    });

  rss
    .command("pause <feedId>")
    .description("Stop checking a feed")
    .action(async (feedId: string, _options, command: Command) => {
      print(command, await clientFor(command).rssFeeds.pause(feedId));
    });

  rss
    .command("resume <feedId>")
    .description("Check a paused or stopped feed again")
    .action(async (feedId: string, _options, command: Command) => {
      print(command, await clientFor(command).rssFeeds.resume(feedId));
    });
}
