import type { Http } from "../http.ts";
import type { Query } from "../types.ts";

const destinations = "/api/v1/composer-platform-parts/destinations/{accountId}";

export const accounts = (http: Http) => ({
  /** The user's connected accounts, oldest first (each with `text_limit`). */
  list: (query?: Query<"/api/v1/connected-accounts", "get">) =>
    http.data("get", "/api/v1/connected-accounts", { query }),

  get: (id: string) => http.data("get", "/api/v1/connected-accounts/{id}", { params: { id } }),

  /** Where the account can post (channels, communities, lists); `fresh` skips the 5-minute cache. */
  destinations: (accountId: string, options: { fresh?: boolean } = {}) =>
    http.data("get", destinations, { params: { accountId }, query: { fresh: options.fresh ? "1" : undefined } }),

  /** Checks that the account can post to `input` (e.g. a channel username). */
  checkDestination: (accountId: string, input: string) =>
    http.data("post", destinations, { params: { accountId }, body: { input } }),
  /** A WhatsApp account's message templates (name, language, status), read from WhatsApp now. */
  whatsappTemplates: (accountId: string) =>
    http.data("get", "/api/v1/accounts/{id}/whatsapp-templates", { params: { id: accountId } }),
});

export type Accounts = ReturnType<typeof accounts>;
