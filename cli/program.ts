import { Command } from "commander";
import { accountCommands } from "./commands/accounts.ts";
import { clientCommands } from "./commands/clients.ts";
import { contactCommands } from "./commands/contacts.ts";
import { flowCommands } from "./commands/flows.ts";
import { groupCommands } from "./commands/groups.ts";
import { inboxCommands } from "./commands/inbox.ts";
import { mediaCommands } from "./commands/media.ts";
import { memberCommands } from "./commands/members.ts";
import { plugCommands } from "./commands/plugs.ts";
import { postCommands } from "./commands/posts.ts";
import { rssCommands } from "./commands/rss.ts";
import { slotCommands } from "./commands/slots.ts";
import { webhookCommands } from "./commands/webhooks.ts";
import { DEFAULT_BASE_URL } from "./context.ts";

/** The `herald` command line: one group per resource, JSON on stdout, errors as JSON on stderr. */
export function createProgram(): Command {
  const program = new Command("herald")
    .description(
      "Herald from the command line. Prints the API's data as JSON (--pretty to indent); errors go to stderr as JSON. Exit codes: 0 done, 1 refused by the API, 2 bad command line (nothing sent).",
    )
    .option("--api-key <key>", "API key (default: $HERALD_API_KEY)")
    .option("--token <token>", "OAuth access token instead of a key (default: $HERALD_TOKEN)")
    .option("--base-url <url>", `API address (default: $HERALD_BASE_URL or ${DEFAULT_BASE_URL})`)
    .option("--pretty", "indent the JSON for people")
    .showSuggestionAfterError()
    // Thrown instead of exiting, so every failure leaves through one place (herald.ts) with its JSON and exit code.
    .exitOverride()
    .configureOutput({ outputError: () => {}, writeErr: () => {} });
  accountCommands(program);
  postCommands(program);
  mediaCommands(program);
  slotCommands(program);
  plugCommands(program);
  rssCommands(program);
  webhookCommands(program);
  groupCommands(program);
  clientCommands(program);
  flowCommands(program);
  contactCommands(program);
  inboxCommands(program);
  memberCommands(program);
  program.addHelpText("after", () => `\nEvery command:\n${everyCommand(program).join("\n")}\n`);
  return program;
}

/** Each command with its arguments and flags, for the root help: `herald posts list [--status <status>] …`. */
function everyCommand(program: Command): string[] {
  return program.commands.flatMap((group) =>
    group.commands.map((command) => {
      const args = command.registeredArguments.map((arg) => (arg.required ? `<${arg.name()}>` : `[${arg.name()}]`));
      const flags = command.options.map((option) => (option.mandatory ? option.flags : `[${option.flags}]`));
      return ["  herald", group.name(), command.name(), ...args, ...flags].join(" ");
    }),
  );
}
