import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The layers of docs/architecture.md, read from the imports themselves: every `import … from`, `export … from`,
 * `import "…"` and `import("…")` of every file under src/, type-only ones included, resolved to the file it names.
 */

const IMPORT = /\b(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|\bimport\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

/** The file a relative import names (`x.ts` or `x/index.ts`); undefined for packages and `cloudflare:*`. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, "index.ts")].find((path) => path.endsWith(".ts") && existsSync(path));
}

/** Each TypeScript file under src/ with the src/ files it imports. */
const IMPORTS = new Map(
  readdirSync("src", { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const targets = [...readFileSync(path, "utf8").matchAll(IMPORT)].map((m) => resolve(path, m[1] ?? m[2] ?? m[3]!));
      return [path, [...new Set(targets.filter((target) => target !== undefined))]] as const;
    }),
);

/** The import circles among `files` (Tarjan's strongly connected components of more than one file, or a self-import). */
function circles(files: readonly string[]): string[][] {
  const inside = new Set(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    const next = (IMPORTS.get(file) ?? []).filter((target) => inside.has(target));
    for (const target of next) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

const under = (folder: string) => [...IMPORTS.keys()].filter((path) => path.startsWith(`${folder}/`));

describe("layers", () => {
  it("reads the imports it judges", () => {
    expect(IMPORTS.get("src/queues/index.ts")).toContain("src/services/posts/publish.ts");
    expect(IMPORTS.get("src/services/key-gate/index.ts")).toContain("src/services/key-gate/leases.ts");
    expect(circles(["src/queues/index.ts", "src/queues/queue.ts"])).toEqual([]);
  });

  it("keeps schemas and queue declarations below services: none imports from src/services/", () => {
    const declarations = [
      ...under("src/schemas"),
      ...under("src/queues").filter((path) => path !== "src/queues/index.ts"),
    ];
    expect(declarations.length).toBeGreaterThan(25);
    const upward = declarations.flatMap((path) =>
      IMPORTS.get(path)!
        .filter((target) => target.startsWith("src/services/"))
        .map((target) => `${path} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it("keeps the REST operations apart from the pages: routes/api/ imports neither src/pages/ nor routes/web/", () => {
    const api = under("src/routes/api");
    expect(api.length).toBeGreaterThan(20);
    const drawing = api.flatMap((path) =>
      IMPORTS.get(path)!
        .filter((target) => target.startsWith("src/pages/") || target.startsWith("src/routes/web/"))
        .map((target) => `${path} → ${target}`),
    );
    expect(drawing).toEqual([]);
  });

  it("declares no API route among the pages: routes/web/ never uses authedRoute or publicRoute", () => {
    const web = under("src/routes/web");
    expect(web.length).toBeGreaterThan(10);
    const declaring = web.filter((path) => /\b(authedRoute|publicRoute)\b/.test(readFileSync(path, "utf8")));
    expect(declaring).toEqual([]);
  });

  it("finds no import circle among the key gate's files, and its Durable Object imports only the gate's bottom", () => {
    const gate = under("src/services/key-gate");
    expect(gate.length).toBeGreaterThan(3);
    expect(circles(gate)).toEqual([]);
    const inGate = (path: string) => IMPORTS.get(path)!.filter((target) => gate.includes(target));
    expect(inGate("src/services/key-gate/terms.ts")).toEqual([]);
    expect(inGate("src/services/key-gate/rate-limiter.ts").sort()).toEqual([
      "src/services/key-gate/holders.ts",
      "src/services/key-gate/terms.ts",
    ]);
  });
});
