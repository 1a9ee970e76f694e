// Uploading a file for the CLI: resumable for large files with a progress bar, resuming a run that was cut off.
import { mkdirSync, openAsBlob, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { Herald } from "../sdk/src/index.ts";

/** Where unfinished uploads are remembered: `$HERALD_STATE_DIR/uploads.json`, else `~/.herald/uploads.json`. */
function statePath(env: NodeJS.ProcessEnv) {
  return join(env.HERALD_STATE_DIR ?? join(homedir(), ".herald"), "uploads.json");
}

type Unfinished = Record<string, string>;

function readState(path: string): Unfinished {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Unfinished;
  } catch {
    return {};
  }
}

function writeState(path: string, state: Unfinished) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
}

/** The same file is the same path, size and modification time: only then is an earlier upload carried on. */
const fileKey = (path: string) => {
  const stat = statSync(path);
  return `${resolve(path)}:${stat.size}:${Math.floor(stat.mtimeMs)}`;
};

/** A progress bar on stderr: `[#####.....]  50%  5.0 of 10.0 MB`. */
function progressBar(name: string) {
  return (sent: number, total: number) => {
    const share = total === 0 ? 1 : sent / total;
    const filled = Math.round(share * 30);
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
    const line = `${name} [${"#".repeat(filled)}${".".repeat(30 - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  ${mb(sent)} of ${mb(total)} MB`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}${sent >= total ? "\n" : ""}` : `${line}\n`);
  };
}

/**
 * Uploads the file at `path` to the media library. A large file goes part by part with a progress bar, and its upload
 * id is remembered until it completes: run again with the same file, only the parts that did not arrive are sent.
 */
export async function uploadFile(
  herald: Herald,
  path: string,
  options: { altText?: string; contentType?: string },
  env: NodeJS.ProcessEnv = process.env,
) {
  const state = statePath(env);
  const key = fileKey(path);
  const file = await openAsBlob(path);
  const remembered = readState(state)[key];
  const media = await herald.media.upload(file, {
    filename: basename(path),
    contentType: options.contentType,
    altText: options.altText,
    uploadId: remembered,
    onProgress: progressBar(basename(path)),
    onUploadStarted: (upload) => writeState(state, { ...readState(state), [key]: upload.upload_id }),
  });
  if (remembered || readState(state)[key]) {
    const { [key]: _, ...rest } = readState(state);
    writeState(state, rest);
  }
  return media;
}
