import { type Command, Option } from "commander";
import { type Herald, HeraldError } from "../../sdk/src/index.ts";
import { confirm } from "../confirm.ts";
import { clientFor, print } from "../context.ts";

/** The roles one can invite or change to: the owner changes only by a transfer. */
const GRANTED_ROLES = ["admin", "editor", "viewer"] as const;

const roleOption = (description: string) =>
  new Option("--role <role>", description).choices(GRANTED_ROLES).makeOptionMandatory();

/**
 * The member (or open invitation) named by its id (`mem_…`) or email. An email that is no one's here is answered
 * as the API answers an unknown id: 404 `not_found` (exit 1).
 */
async function memberNamed(herald: Herald, member: string) {
  const members = await herald.members.list();
  const found = members.find((m) => m.id === member || m.email.toLowerCase() === member.toLowerCase());
  if (found) return found;
  const message = `No member or invitation ${member} in this workspace`;
  throw new HeraldError(404, { success: false, error: { code: "not_found", message } });
}

export function memberCommands(program: Command) {
  const members = program.command("members").description("The workspace's people, their roles and invitations");

  members
    .command("list")
    .description("List members and open invitations, the owner first")
    .action(async (_options, command: Command) => {
      print(command, await clientFor(command).members.list());
    });

  members
    .command("invite <email>")
    .description("Invite someone by email: prints the invitation with its link (shown once; also mailed, 7 days)")
    .addOption(roleOption("the role they join with"))
    .action(async (email: string, options: { role: (typeof GRANTED_ROLES)[number] }, command: Command) => {
      print(command, await clientFor(command).members.invite({ email, role: options.role }));
    });

  members
    .command("role <member>")
    .description("Change a member's role (their id or email); their keys act with it at once")
    .addOption(roleOption("the new role"))
    .action(async (member: string, options: { role: (typeof GRANTED_ROLES)[number] }, command: Command) => {
      const herald = clientFor(command);
      const found = await memberNamed(herald, member);
      print(command, await herald.members.update(found.id, { role: options.role }));
    });

  members
    .command("remove <member>")
    .description(
      "Remove a member (their id or email): their keys, sessions and app grants here stop at once; an invitation is revoked (asks to confirm)",
    )
    .option("--yes", "do not ask for confirmation")
    .action(async (member: string, options: { yes?: boolean }, command: Command) => {
      const herald = clientFor(command);
      const found = await memberNamed(herald, member);
      const what = found.status === "invited" ? `the invitation of ${found.email}` : `${found.email} (${found.role})`;
      await confirm(`Remove ${what} from the workspace? Their keys here stop working at once.`, options.yes);
      print(command, await herald.members.remove(found.id));
    });
}
