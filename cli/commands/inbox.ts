import { type Command, Option } from "commander";
import { type Herald, HeraldError } from "../../sdk/src/index.ts";
import { clientFor, print } from "../context.ts";

/** `herald inbox …`: read and answer the comments and direct messages of the connected accounts. */
export function inboxCommands(program: Command) {
  const inbox = program
    .command("inbox")
    .description("Comments on your posts and direct messages to your accounts, one conversation per person");

  inbox
    .command("list")
    .description("List conversations, newest activity first (every page)")
    .addOption(new Option("--status <status>", "only open or done ones").choices(["open", "done"]))
    .addOption(new Option("--kind <kind>", "only comments or direct messages").choices(["comment", "message"]))
    .option("--account-id <id>", "only this account's")
    .option("--platform <platform>", "only this platform's")
    .option("--assignee <id>", "only those assigned to this member (their person id), or none")
    .option("--label <label>", "only those with this label")
    .option("--q <text>", "text in a message, or the contact's name or handle")
    .addOption(new Option("--unread", "only unread ones").conflicts("read"))
    .option("--read", "only read ones")
    .action(async (options, command: Command) => {
      const query = {
        status: options.status,
        kind: options.kind,
        account_id: options.accountId,
        platform: options.platform,
        assignee_id: options.assignee,
        label: options.label,
        q: options.q,
        unread: options.unread ? ("true" as const) : options.read ? ("false" as const) : undefined,
        limit: 100,
      };
      const all = [];
      for await (const conversation of clientFor(command).inbox.each(query)) all.push(conversation);
      print(command, all);
    });

  inbox
    .command("show <conversationId>")
    .description("A conversation and every one of its messages, oldest first (marks it read)")
    .action(async (conversationId: string, _options, command: Command) => {
      const herald = clientFor(command);
      const first = await herald.inbox.get(conversationId, { limit: 200 });
      const messages = [...first.data.messages];
      for (let cursor = first.next_cursor; cursor; ) {
        const next = await herald.inbox.get(conversationId, { limit: 200, cursor });
        messages.push(...next.data.messages);
        cursor = next.next_cursor;
      }
      print(command, { ...first.data, messages });
    });

  inbox
    .command("reply <conversationId>")
    .description(
      "Answer the person: under their latest comment, privately (--private, Instagram and Facebook), or by direct message; prints the reply, pending until it is sent",
    )
    .requiredOption("--text <text>", "what to say")
    .option("--private", "a private reply to the comment, in the commenter's inbox")
    .option("--idempotency-key <key>", "retry safely: the same key and text within 24 hours send nothing more")
    .action(async (conversationId: string, options, command: Command) => {
      const body = { text: options.text, ...(options.private ? { private: true } : {}) };
      print(
        command,
        await clientFor(command).inbox.reply(conversationId, body, { idempotencyKey: options.idempotencyKey }),
      );
    });

  inbox
    .command("done <conversationId>")
    .description("Close a conversation (a new message from the person opens it again; --reopen opens it now)")
    .option("--reopen", "open it again instead")
    .action(async (conversationId: string, options, command: Command) => {
      const status = options.reopen ? "open" : "done";
      print(command, await clientFor(command).inbox.update(conversationId, { status }));
    });

  inbox
    .command("assign <conversationId> <member>")
    .description("Give a conversation to a member: their person id or email, or none to unassign")
    .action(async (conversationId: string, member: string, _options, command: Command) => {
      const herald = clientFor(command);
      const assignee = member === "none" ? null : member.includes("@") ? await personOf(herald, member) : member;
      print(command, await herald.inbox.update(conversationId, { assignee_id: assignee }));
    });
}

/**
 * The person id of the workspace's member who joined with this email. None is answered as the API answers an id
 * that is no member's: 400 `validation_error` on `assignee_id` (exit 1).
 */
async function personOf(herald: Herald, email: string): Promise<string> {
  const members = await herald.members.list();
  const found = members.find((m) => m.email.toLowerCase() === email.toLowerCase() && m.person_id);
  if (found?.person_id) return found.person_id;
  const message = `assignee_id: ${email} is not a member of this workspace who has joined`;
  throw new HeraldError(400, { success: false, error: { code: "validation_error", message } });
}
