import type { ChildProcess } from "node:child_process";

export const root: string;
export function freePort(): Promise<number>;
export function migrateLocal(persistTo?: string): void;
export function startServer(options: {
  port: number;
  persistTo?: string;
  quiet?: boolean;
  vars?: Record<string, string>;
  onLine?: (line: string) => void;
}): Promise<{ server: ChildProcess; baseUrl: string; stop: () => boolean }>;
export function call(baseUrl: string, method: string, path: string, body?: unknown, key?: string): Promise<any>;
