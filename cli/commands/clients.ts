import type { Command } from "commander";
import { confirm } from "../confirm.ts";
import { clientFor, print } from "../context.ts";
import { idList, positiveInt } from "../parse.ts";
import { groupNamed } from "./groups.ts";

export function clientCommands(program: Command) {
  const clients = program.command("clients").description("Invite links clients open to connect their own accounts");

  clients
    .command("invite <group>")
    .description("Create an invite link into the group; prints it once (asks to confirm)")
    .requiredOption(
      "--platforms <list>",
      "platforms offered, comma-separated (facebook,instagram,linkedin,pinterest,twitter)",
      idList,
    )
    .option("--max <n>", "most accounts the link may add (1-50; default 5)", positiveInt)
    .option("--yes", "do not ask for confirmation")
    .action(async (groupName: string, options, command: Command) => {
      const herald = clientFor(command);
      const group = await groupNamed(herald, groupName);
      const max = options.max ?? 5;
      await confirm(
        `Create a link that lets anyone who has it connect up to ${max} ${options.platforms.join("/")} accounts into "${group.name}" for 7 days?`,
        options.yes,
      );
      const body = { group_id: group.id, platforms: options.platforms, max_accounts: max };
      print(command, await herald.clientInvites.create(body));
    });

  clients
    .command("invites")
    .description("List your invites with their state and the accounts each added")
    .option("--group <group>", "only this group's (by name)")
    .action(async (options, command: Command) => {
      const herald = clientFor(command);
      const groupId = options.group ? (await groupNamed(herald, options.group)).id : undefined;
      print(command, await herald.clientInvites.list({ groupId }));
    });

  clients
    .command("revoke <inviteId>")
    .description("Turn an invite link off; the accounts it added stay connected")
    .action(async (inviteId: string, _options, command: Command) => {
      print(command, await clientFor(command).clientInvites.revoke(inviteId));
    });
}
