// CHANGELOG.md, bundled as text (wrangler's Text rule for *.md; a small plugin in vitest.config.ts for Node tests).
import markdown from "../CHANGELOG.md";

export const CHANGELOG_MARKDOWN: string = markdown;

export interface Release {
  version: string;
  date: string;
}

const RELEASE = /^## \[(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)\] - (\d{4}-\d{2}-\d{2})\s*$/gm;

/** The released versions of a Keep a Changelog file, newest first (Unreleased is not one). */
export const releasesOf = (text: string): Release[] =>
  [...text.matchAll(RELEASE)].map((m) => ({ version: m[1]!, date: m[2]! }));

const [newest] = releasesOf(CHANGELOG_MARKDOWN);
if (!newest) throw new Error("CHANGELOG.md has no released version (## [x.y.z] - YYYY-MM-DD)");

/** The API's version: the newest release in CHANGELOG.md. */
export const VERSION = newest.version;
