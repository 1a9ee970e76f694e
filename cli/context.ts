import type { Command } from "commander";
import { Herald } from "../sdk/src/index.ts";
import { UsageError } from "./errors.ts";

export const DEFAULT_BASE_URL = "http://localhost:8787";

interface GlobalOptions {
  apiKey?: string;
  token?: string;
  baseUrl?: string;
  pretty?: boolean;
}

/** The client for a command: flags first, then HERALD_API_KEY / HERALD_TOKEN and HERALD_BASE_URL. */
export function clientFor(command: Command, env: NodeJS.ProcessEnv = process.env): Herald {
  const options = command.optsWithGlobals<GlobalOptions>();
  const baseUrl = options.baseUrl ?? env.HERALD_BASE_URL ?? DEFAULT_BASE_URL;
  const apiKey = options.apiKey ?? (options.token ? undefined : env.HERALD_API_KEY);
  const accessToken = options.token ?? env.HERALD_TOKEN;
  if (apiKey) return new Herald({ apiKey }, { baseUrl });
  if (accessToken) return new Herald({ accessToken }, { baseUrl });
  throw new UsageError(
    "no credential: set HERALD_API_KEY (or HERALD_TOKEN), or pass --api-key (or --token)",
    "missing_credentials",
  );
}

/** Writes the answer to stdout: compact JSON, indented with --pretty. */
export function print(command: Command, data: unknown): void {
  const { pretty } = command.optsWithGlobals<GlobalOptions>();
  process.stdout.write(`${JSON.stringify(data ?? null, null, pretty ? 2 : undefined)}\n`);
}
