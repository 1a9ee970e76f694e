import type { Command } from "commander";
import { clientFor, print } from "../context.ts";

export function webhookCommands(program: Command) {
  const webhooks = program.command("webhooks").description("Signed event deliveries to your endpoints");

  webhooks
    .command("list")
    .description("List webhooks, those switched off included")
    .action(async (_options, command: Command) => {
      print(command, await clientFor(command).webhooks.list());
    });
}
