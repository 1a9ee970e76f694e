import type { Command } from "commander";
import { clientFor, print } from "../context.ts";
import { idList, weekday } from "../parse.ts";

export function slotCommands(program: Command) {
  const slots = program.command("slots").description("Weekly posting slots and the next free one");

  slots
    .command("list")
    .description("List posting slots")
    .option("--accounts <ids>", "only slots of these accounts (comma-separated)", idList)
    .action(async (options, command: Command) => {
      print(command, await clientFor(command).slots.list({ account_ids: options.accounts }));
    });

  slots
    .command("add")
    .description("Add a weekly slot")
    .requiredOption("--accounts <ids>", "accounts the slot posts for (comma-separated)", idList)
    .requiredOption("--weekday <day>", "mon…sun, or 0-6 with 0 for Sunday", weekday)
    .requiredOption("--time <HH:mm>", "wall-clock time in --timezone")
    .option(
      "--timezone <zone>",
      "zone name (default: this machine's)",
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    )
    .action(async (options, command: Command) => {
      const { accounts, weekday, time, timezone } = options;
      print(command, await clientFor(command).slots.create({ account_ids: accounts, weekday, time, timezone }));
    });

  slots
    .command("remove <slotId>")
    .description("Remove a slot")
    .action(async (slotId: string, _options, command: Command) => {
      print(command, await clientFor(command).slots.delete(slotId));
    });

  slots
    .command("next")
    .description("Find the next free slot of the accounts and hold it for 10 minutes")
    .requiredOption("--accounts <ids>", "accounts (comma-separated)", idList)
    .option("--after <iso>", "search from this time (default: now)")
    .action(async (options, command: Command) => {
      print(command, await clientFor(command).slots.next({ account_ids: options.accounts, after: options.after }));
    });
}
