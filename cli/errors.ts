import { CommanderError } from "commander";
import { HeraldError, WebhookSignatureError } from "../sdk/src/index.ts";

/**
 * Exit codes: 0 done, 1 the API (or the network) refused, or a webhook request did not verify, 2 the command line
 * was wrong and nothing was sent.
 */
export const EXIT = { ok: 0, api: 1, usage: 2 } as const;

/** A command line that cannot be sent: a bad flag value, a missing credential, a refused confirmation. */
export class UsageError extends Error {
  readonly code: string;

  constructor(message: string, code = "usage_error") {
    super(message);
    this.name = "UsageError";
    this.code = code;
  }
}

/** Writes the error to stderr as JSON (`{ status?, error: { code, message, … } }`) and answers the exit code. */
export function reportError(error: unknown, write: (text: string) => void): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return EXIT.ok; // --help, --version
    // A group called without a command.
    const message =
      error.code === "commander.help"
        ? "a command is needed: add --help to see them"
        : error.message.replace(/^error: /, "");
    write(json({ error: { code: "usage_error", message } }));
    return EXIT.usage;
  }
  if (error instanceof UsageError) {
    write(json({ error: { code: error.code, message: error.message } }));
    return EXIT.usage;
  }
  if (error instanceof HeraldError) {
    const body = error.body as { error?: object } | null;
    write(json({ status: error.status, error: body?.error ?? { code: error.code, message: error.message } }));
    return EXIT.api;
  }
  if (error instanceof WebhookSignatureError) {
    write(json({ error: { code: "invalid_signature", message: error.message } }));
    return EXIT.api;
  }
  // Node's fetch fails with "fetch failed" and the reason (refused, unknown host…) as its cause.
  if (error instanceof TypeError && error.message === "fetch failed") {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    write(json({ error: { code: "network_error", message: `could not reach the API${cause}` } }));
    return EXIT.api;
  }
  write(json({ error: { code: "internal_error", message: error instanceof Error ? error.message : String(error) } }));
  return EXIT.api;
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;
