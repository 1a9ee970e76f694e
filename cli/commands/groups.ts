import type { Command } from "commander";
import { type Herald, HeraldError } from "../../sdk/src/index.ts";
import { confirm } from "../confirm.ts";
import { clientFor, print } from "../context.ts";
import { idList } from "../parse.ts";

/**
 * The user's group of that name (names are unique per user). None is answered as the API answers an unknown id:
 * 404 `not_found` (exit 1), naming the groups there are.
 */
export async function groupNamed(herald: Herald, name: string) {
  const groups = await herald.accountGroups.list();
  const found = groups.find((g) => g.name === name);
  if (!found) {
    const names = groups.map((g) => `"${g.name}"`).join(", ") || "none yet";
    const message = `No account group named "${name}" (yours: ${names})`;
    throw new HeraldError(404, { success: false, error: { code: "not_found", message } });
  }
  return found;
}

export function groupCommands(program: Command) {
  const groups = program.command("groups").description("Account groups: named sets of your accounts");

  groups
    .command("list")
    .description("List your account groups with their accounts")
    .action(async (_options, command: Command) => {
      print(command, await clientFor(command).accountGroups.list());
    });

  groups
    .command("create <name>")
    .description("Create a group, optionally with accounts (each leaves any other group it was in)")
    .option("--accounts <ids>", "account ids, comma-separated", idList)
    .action(async (name: string, options, command: Command) => {
      const body = { name, ...(options.accounts ? { account_ids: options.accounts } : {}) };
      print(command, await clientFor(command).accountGroups.create(body));
    });

  groups
    .command("delete <name>")
    .description("Delete a group: its accounts stay connected, its active invites are turned off (asks to confirm)")
    .option("--yes", "do not ask for confirmation")
    .action(async (name: string, options, command: Command) => {
      const herald = clientFor(command);
      const group = await groupNamed(herald, name);
      await confirm(
        `Delete the group "${group.name}" (${group.account_ids.length} accounts stay connected, ungrouped)? Its active invite links stop working.`,
        options.yes,
      );
      print(command, await herald.accountGroups.delete(group.id));
    });
}
