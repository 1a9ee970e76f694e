import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/** Every TypeScript file under `dir`, with its text. */
function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path, "utf8") };
    });
}

it("keeps every HTML page under src/pages", () => {
  const outside = sources("src").filter(
    ({ path, text }) => !path.startsWith("src/pages/") && /(?<![\w/])html`|<!doctype/i.test(text),
  );
  expect(outside.map((f) => f.path)).toEqual([]);
});

it("names every platform adapter class *Adapter", () => {
  const classes = sources("src/platforms").flatMap(({ text }) =>
    [...text.matchAll(/class (\w+) implements Platform\b/g)].map((m) => m[1]),
  );
  expect(classes.length).toBeGreaterThan(10);
  expect(classes.filter((name) => !name?.endsWith("Adapter"))).toEqual([]);
});

it("opens every file under src with a comment saying what it is", () => {
  // A tool's directive on line 1 (`// @ts-…`, `// biome-ignore …`, `/// <reference …>`) says nothing of the file.
  const opening = /^(\/\/(?! ?@ts-| ?biome-ignore|\/ ?<reference)|\/\*)/;
  const files = sources("src");
  expect(files.length).toBeGreaterThan(300);
  expect(files.filter(({ text }) => !opening.test(text)).map((f) => f.path)).toEqual([]);
});

it("mounts each folder of routes through its index.ts, imported by the folder above (src/app.ts at the top)", () => {
  const folders = readdirSync("src/routes", { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
  expect(folders).toEqual(expect.arrayContaining(["src/routes/api", "src/routes/web"]));
  const unmounted = folders.filter((folder) => {
    const parent = folder.slice(0, folder.lastIndexOf("/"));
    const mounter = parent === "src/routes" ? "src/app.ts" : join(parent, "index.ts");
    const name =
      parent === "src/routes" ? `./routes/${folder.slice(parent.length + 1)}` : `./${folder.slice(parent.length + 1)}`;
    return (
      !sources(folder).some(({ path }) => path === join(folder, "index.ts")) ||
      !readFileSync(mounter, "utf8").includes(`from "${name}"`)
    );
  });
  expect(unmounted).toEqual([]);
});

it("writes each kind of row through its one writer: notifications with notificationInsert, events with eventInsert", () => {
  const writers = { notifications: "src/services/notifications.ts", events: "src/services/events.ts" };
  const byHand = Object.entries(writers).flatMap(([table, writer]) => {
    const insert = new RegExp(`\\b(?:insert|insertIf|rowsInsert)\\(\\s*(?:[\\w.]+,\\s*)?${table}\\b`);
    return sources("src")
      .filter(({ path, text }) => path !== writer && insert.test(text))
      .map(({ path }) => `${path} inserts ${table}`);
  });
  expect(byHand).toEqual([]);
});

it("keeps HTTP out of the services: none imports hono, and none speaks in status codes (they throw catalog codes)", () => {
  const services = sources("src/services");
  expect(services.length).toBeGreaterThan(100);
  const http = services.filter(
    ({ text }) => /from "(?:hono|@hono\/(?!zod-openapi"))[^"]*"/.test(text) || /\bStatusCode\b/.test(text),
  );
  expect(http.map((f) => f.path)).toEqual([]);
});

it("logs through the one logger: no file under src but src/lib/log.ts writes to the console", () => {
  const writers = sources("src").filter(
    ({ path, text }) => path !== "src/lib/log.ts" && /\bconsole\.(log|info|warn|error|debug|trace)\b/.test(text),
  );
  expect(writers.map((f) => f.path)).toEqual([]);
});
