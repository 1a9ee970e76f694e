import { vi } from "vitest";

/** One line `src/lib/log.ts` wrote, parsed. */
export interface LogLine {
  level: string;
  event: string;
  request_id: string | null;
  [field: string]: unknown;
}

/**
 * Captures what the Worker writes to the console from now on (the Worker, its queue consumers and Durable Objects run
 * in this isolate): `text` every line as written, `lines` those that are the logger's JSON lines.
 */
export function captureLog() {
  const written: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(
        args
          .map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a)))
          .join(" "),
      );
    }),
  );
  return {
    text: () => written.join("\n"),
    lines: (): LogLine[] =>
      written.flatMap((line) => {
        try {
          const parsed = JSON.parse(line);
          return parsed && typeof parsed.event === "string" ? [parsed as LogLine] : [];
        } catch {
          return [];
        }
      }),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
