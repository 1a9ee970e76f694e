// The changelog page: CHANGELOG.md rendered as HTML.
import { marked } from "marked";
import { CHANGELOG_MARKDOWN } from "../changelog";
import { Html, html } from "./html";
import { shell } from "./shell";

let rendered: string | undefined;

/** The changelog as a page; CHANGELOG.md is the project's own text, rendered once per isolate. */
export function changelogPage(): string {
  rendered ??= shell({
    title: "Changelog",
    narrow: true,
    body: html`<p class="muted"><a href="/api/v1/docs">API reference</a></p>${new Html(
      marked.parse(CHANGELOG_MARKDOWN, { async: false }),
    )}`,
  });
  return rendered;
}
