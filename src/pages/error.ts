// The error page: what went wrong, and a way back to Herald.
import { html, page } from "./html";

/** A page that says what went wrong and leads back to Herald. */
export const errorPage = (title: string, message: string) =>
  page(
    title,
    html`<h1>${title}</h1><p class="error" role="alert">${message}</p><p><a href="/settings">Back to Herald</a></p>`,
  );
