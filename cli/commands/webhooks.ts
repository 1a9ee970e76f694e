import { readFile } from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import { verifyWebhook } from "../../sdk/src/index.ts";
import { clientFor, print } from "../context.ts";
import { UsageError } from "../errors.ts";
import { positiveInt } from "../parse.ts";

/** `Name: value` → [name, value] */
function header(value: string, previous: [string, string][] = []): [string, string][] {
  const at = value.indexOf(":");
  if (at < 1) throw new InvalidArgumentError('Expected "Name: value".');
  return [...previous, [value.slice(0, at).trim(), value.slice(at + 1).trim()]];
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function webhookCommands(program: Command) {
  const webhooks = program.command("webhooks").description("Signed event deliveries to your endpoints");

  webhooks
    .command("list")
    .description("List webhooks, those switched off included")
    .action(async (_options, command: Command) => {
      print(command, await clientFor(command).webhooks.list());
    });

  webhooks
    .command("verify")
    .description(
      "Check a request your endpoint received, in either signature format (X-Service-Signature, or Standard Webhooks' webhook-* headers); prints its event, or exits 1 with invalid_signature. Sends nothing.",
    )
    .option("--header <name: value>", "a header of the request, as received (repeatable)", header, [])
    .option("--body <file>", "the raw body, exactly as received (default: stdin)")
    .option("--secret <secret>", "the webhook's signing secret (default: $HERALD_WEBHOOK_SECRET)")
    .option("--tolerance <seconds>", "how old (or new) the signed time may be", positiveInt)
    .action(
      async (
        options: { header: [string, string][]; body?: string; secret?: string; tolerance?: number },
        command: Command,
      ) => {
        const secret = options.secret ?? process.env.HERALD_WEBHOOK_SECRET;
        if (!secret) throw new UsageError("--secret (or $HERALD_WEBHOOK_SECRET) is needed");
        if (options.header.length === 0) throw new UsageError("--header: give the request's signature headers");
        const body = options.body === undefined ? await readStdin() : await readFile(options.body);
        const headers = Object.fromEntries(options.header.map(([name, value]) => [name.toLowerCase(), value]));
        print(command, await verifyWebhook(new Uint8Array(body), headers, secret, { tolerance: options.tolerance }));
      },
    );
}
