#!/usr/bin/env node
// The `herald` command (package.json "bin"). Node 22.18+ runs this TypeScript as is (type stripping).
import { reportError } from "./errors.ts";
import { createProgram } from "./program.ts";

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error, (text) => process.stderr.write(text));
}
