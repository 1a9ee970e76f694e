import type { Command } from "commander";
import { clientFor, print } from "../context.ts";
import { wholeNumber } from "../parse.ts";

/** `herald contacts …`: the owner's say over one person on a messaging account (their platform-scoped id). */
export function contactCommands(program: Command) {
  const contacts = program
    .command("contacts")
    .description("People who message your accounts: hand one to a person, or opt them out of automations");
  const update = (command: Command, accountId: string, contactId: string, body: Record<string, unknown>) =>
    clientFor(command).flows.updateContact(accountId, contactId, body);

  contacts
    .command("takeover <accountId> <contactId>")
    .description("A person answers them for a while: automations send them nothing (--minutes 0 ends it)")
    .option("--minutes <n>", "how long, 0 to 10080", wholeNumber, 60)
    .action(async (accountId: string, contactId: string, options, command: Command) => {
      print(command, await update(command, accountId, contactId, { human_takeover_minutes: options.minutes }));
    });

  contacts
    .command("opt-out <accountId> <contactId>")
    .description("Opt them out of automations: every run of theirs stops at once")
    .action(async (accountId: string, contactId: string, _options, command: Command) => {
      print(command, await update(command, accountId, contactId, { opted_out: true }));
    });

  contacts
    .command("opt-in <accountId> <contactId>")
    .description("Opt them back in to automations")
    .action(async (accountId: string, contactId: string, _options, command: Command) => {
      print(command, await update(command, accountId, contactId, { opted_out: false }));
    });
}
