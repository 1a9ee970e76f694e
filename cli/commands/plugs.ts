import { type Command, Option } from "commander";
import { confirm } from "../confirm.ts";
import { clientFor, print } from "../context.ts";
import { UsageError } from "../errors.ts";
import { positiveInt } from "../parse.ts";

export function plugCommands(program: Command) {
  const plugs = program.command("plugs").description("One-time follow-ups when a post reaches a goal");

  plugs
    .command("list <postId>")
    .description("List a post's plugs, the accounts that can carry one, and the limits")
    .action(async (postId: string, _options, command: Command) => {
      print(command, await clientFor(command).plugs.list(postId));
    });

  plugs
    .command("add <postId>")
    .description("Arm a plug: repost or comment once when a metric reaches the threshold (asks to confirm)")
    .addOption(
      new Option("--metric <metric>", "what to watch")
        .choices(["likes", "comments", "reposts", "views"])
        .makeOptionMandatory(),
    )
    .requiredOption("--threshold <n>", "the goal value", positiveInt)
    .addOption(new Option("--action <action>", "what to do once").choices(["repost", "comment"]).makeOptionMandatory())
    .option("--text <text>", "the comment's text (with --action comment)")
    .option("--account <accountId>", "the post's account to watch (needed when the post has several)")
    .option("--yes", "do not ask for confirmation")
    .action(async (postId: string, options, command: Command) => {
      if (options.action === "comment" && !options.text) throw new UsageError("--text: needed with --action comment");
      const herald = clientFor(command);
      const accountId: string = options.account ?? (await onlyAccount(herald, postId));
      const action = options.action === "comment" ? `comment "${options.text}"` : "repost it";
      await confirm(
        `When ${options.metric} on ${postId} (${accountId}) reach ${options.threshold}, ${action}. This runs once and cannot be undone. Add the plug?`,
        options.yes,
      );
      const body = {
        account_id: accountId,
        trigger: { metric: options.metric, threshold: options.threshold },
        action: { kind: options.action, ...(options.text === undefined ? {} : { text: options.text }) },
      };
      print(command, await herald.plugs.create(postId, body));
    });
}

async function onlyAccount(herald: ReturnType<typeof clientFor>, postId: string): Promise<string> {
  const post = await herald.posts.get(postId);
  const ids = [...new Set(post.platforms.map((target) => target.account_id))];
  if (ids.length !== 1) throw new UsageError(`--account: the post has ${ids.length} accounts; name the one to watch`);
  return ids[0]!;
}
