// Zod schemas of connecting an account: the consent's start, its callback, and a credentials body.
import { z } from "@hono/zod-openapi";
import { AccountSchema, PlatformKeySchema } from "./accounts";
import { Timestamp } from "./common";

export const PlatformParam = z.object({
  platform: PlatformKeySchema.openapi({ param: { name: "platform", in: "path" } }),
});

export const ConnectStartSchema = z
  .object({
    authorization_url: z.url().openapi({ description: "Send the user here to consent on the platform" }),
    state: z.string().openapi({ description: "Bound to you; comes back on the callback" }),
    expires_at: Timestamp.openapi({ description: "The consent must be completed before this" }),
  })
  .openapi("ConnectStart");

export const ConnectCallbackSchema = AccountSchema.extend({
  also_connected: z.array(AccountSchema).openapi({
    description:
      "The other accounts the same consent connected or refreshed: every other Facebook Page granted, every LinkedIn organization the member administers. Empty when the consent speaks for one account.",
  }),
}).openapi("ConnectCallback", { description: "The first account the consent brought, and the others" });

export const CallbackQuery = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type CallbackQueryInput = z.infer<typeof CallbackQuery>;

export const ConnectCredentialsBody = z.record(z.string(), z.unknown()).openapi("ConnectCredentials", {
  description: [
    "The platform's own credentials, checked against the platform before they are saved:",
    "- bluesky: `{ handle, app_password, service? }`",
    "- mastodon: `{ instance_url }` starts OAuth on the instance (202 with `authorization_url`); `{ instance_url, access_token }` connects with a token made in the instance's Development settings",
    "- telegram: `{ bot_token, channel }` (the bot must be an administrator of the channel)",
    "- discord: `{ bot_token }`",
    "- slack: `{ bot_token }` (`xoxb-…`)",
    "- lemmy: `{ instance_url, username_or_email, password, totp_2fa_token? }` (the password is used once; the session token is kept)",
    "- devto: `{ api_key }`",
    "- hashnode: `{ access_token, publication_host? }`",
    "- wordpress: `{ site_url, username, application_password }`",
    "- listmonk: `{ instance_url, api_user, api_token }`",
    "- whatsapp: `{ access_token, waba_id, phone_number_id? }` (a system user's token; `phone_number_id` chooses among the WhatsApp Business Account's numbers); `GET` starts Embedded Signup instead",
  ].join("\n"),
  example: { handle: "herald.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
});
