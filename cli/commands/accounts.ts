import type { Command } from "commander";
import { clientFor, print } from "../context.ts";

export function accountCommands(program: Command) {
  const accounts = program.command("accounts").description("Connected social accounts");

  accounts
    .command("list")
    .description("List connected accounts (each with its text_limit)")
    .option("--platform <platform>", "only accounts of this platform, e.g. bluesky")
    .action(async (options, command: Command) => {
      print(command, await clientFor(command).accounts.list({ platform: options.platform }));
    });

  accounts
    .command("get <accountId>")
    .description("Show one connected account")
    .action(async (accountId: string, _options, command: Command) => {
      print(command, await clientFor(command).accounts.get(accountId));
    });

  accounts
    .command("destinations <accountId>")
    .description("List where an account can post (channels, communities, lists), or check one with --check")
    .option("--fresh", "skip the 5-minute cache")
    .option("--check <destination>", "check that the account can post there, e.g. a channel username")
    .action(async (accountId: string, options, command: Command) => {
      const herald = clientFor(command);
      const data =
        options.check === undefined
          ? await herald.accounts.destinations(accountId, { fresh: options.fresh })
          : await herald.accounts.checkDestination(accountId, options.check);
      print(command, data);
    });
}
