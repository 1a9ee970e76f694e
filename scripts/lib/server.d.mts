import type { ChildProcess } from "node:child_process";

export const root: string;
export const TUNABLE_VARS: string[];
export function tunablesFrom(shell: Record<string, string | undefined>): Record<string, string>;
export function freePort(): Promise<number>;
export function migrateLocal(persistTo?: string): void;
export function startServer(options: {
  /** Left out: a free port is taken (and another if wrangler exits before answering). */
  port?: number;
  persistTo?: string;
  quiet?: boolean;
  /** Where the tunables come from; `process.env` unless given. */
  env?: Record<string, string | undefined>;
  /** Worker variables set beside the tunables (COUNT_ROUND_TRIPS, …). */
  vars?: Record<string, string>;
  onLine?: (line: string) => void;
  /** Where wrangler serves the Worker's inspector. */
  inspectorPort?: number;
  /** wrangler leads its own process group (kill it and workerd together with `process.kill(-pid, …)`). */
  detached?: boolean;
}): Promise<{ server: ChildProcess; baseUrl: string; port: number; stop: () => boolean }>;
export function call(baseUrl: string, method: string, path: string, body?: unknown, key?: string): Promise<any>;
