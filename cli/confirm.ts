import { createInterface } from "node:readline/promises";
import { UsageError } from "./errors.ts";

interface Terminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

/**
 * Asks on the terminal before an action that cannot be taken back. `--yes` skips the question; without it and
 * without a terminal to ask on, the command is refused and nothing is sent.
 */
export async function confirm(
  question: string,
  yes: boolean | undefined,
  terminal: Terminal = { input: process.stdin, output: process.stderr },
): Promise<void> {
  if (yes) return;
  if (!terminal.input.isTTY) {
    throw new UsageError("this needs confirmation: pass --yes (stdin is not a terminal)", "confirmation_required");
  }
  const prompt = createInterface({ input: terminal.input, output: terminal.output });
  try {
    const answer = await prompt.question(`${question} [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError("not confirmed; nothing was sent", "not_confirmed");
  } finally {
    prompt.close();
  }
}
