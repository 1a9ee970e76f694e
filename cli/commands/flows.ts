import { type Command, Option } from "commander";
import { clientFor, print } from "../context.ts";

export function flowCommands(program: Command) {
  const flows = program.command("flows").description("Automation flows on Instagram, Facebook and WhatsApp accounts");

  flows
    .command("generate")
    .description("Build a whole flow from a description (15 AI credits); prints the flow, its builder and the credits")
    .requiredOption("--description <text>", "what the flow should do")
    .requiredOption("--account-id <id>", "the account: its id or handle")
    .option("--platform-user-id <id>", "choose among accounts that share the handle")
    .option("--iterate-on <flowId>", "rebuild this flow (an empty draft, or one exactly as last generated)")
    .action(async (options, command: Command) => {
      const body = {
        description: options.description,
        account_id: options.accountId,
        ...(options.platformUserId ? { platform_user_id: options.platformUserId } : {}),
        ...(options.iterateOn ? { iterate_on_flow_id: options.iterateOn } : {}),
      };
      print(command, await clientFor(command).flows.generate(body));
    });

  flows
    .command("list")
    .description("List flows, newest first (every page)")
    .option("--account-id <id>", "only this account's")
    .addOption(new Option("--status <status>", "only flows in this state").choices(["draft", "live", "off"]))
    .action(async (options, command: Command) => {
      const query = { account_id: options.accountId, status: options.status, limit: 100 };
      const all = [];
      for await (const flow of clientFor(command).flows.each(query)) all.push(flow);
      print(command, all);
    });

  flows
    .command("get <flowId>")
    .description("A flow's steps, connections and problems")
    .option("--node <idOrName>", "also show this step in full")
    .action(async (flowId: string, options, command: Command) => {
      print(command, await clientFor(command).flows.get(flowId, { nodeId: options.node }));
    });

  flows
    .command("runs <flowId>")
    .description("A flow's executions (one per person it started for), newest first (every page)")
    .addOption(
      new Option("--status <status>", "only executions in this state").choices([
        "running",
        "waiting_input",
        "waiting_delay",
        "completed",
        "stopped",
        "errored",
      ]),
    )
    .action(async (flowId: string, options, command: Command) => {
      const all = [];
      for await (const run of clientFor(command).flows.eachExecution(flowId, { status: options.status, limit: 100 })) {
        all.push(run);
      }
      print(command, all);
    });

  flows
    .command("stop <flowId> <executionId>")
    .description("Stop an execution under way: it ends before its next step and sends nothing more")
    .action(async (flowId: string, executionId: string, _options, command: Command) => {
      print(command, await clientFor(command).flows.stopExecution(flowId, executionId));
    });
}
