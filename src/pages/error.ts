// The error page: what went wrong, and a way back to Herald.
import { html } from "./html";
import { shell } from "./shell";

/** A page that says what went wrong and leads back to Herald. */
export const errorPage = (title: string, message: string) =>
  shell({
    title,
    narrow: true,
    body: html`<h1>${title}</h1><p class="notice bad" role="alert">${message}</p><p><a href="/settings">Back to Herald</a></p>`,
  });
