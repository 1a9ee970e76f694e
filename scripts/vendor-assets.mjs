// Copies the API reference's script into public/ so /api/v1/docs works with no internet access.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const scalarDir = join(root, "node_modules", "@scalar", "api-reference");
const target = join(root, "public", "vendor");
mkdirSync(target, { recursive: true });
copyFileSync(join(scalarDir, "dist", "browser", "standalone.js"), join(target, "scalar.js"));
