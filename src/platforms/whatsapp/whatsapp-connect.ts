// Connecting a WhatsApp Business phone number: Embedded Signup, or a system user's token and WABA id.
import { z } from "@hono/zod-openapi";
import { validationError } from "../../lib/errors";
import { accessToken, type HttpDeps } from "../http";
import type { GraphClient } from "../meta/meta-graph";
import { metaTokenEndpoint } from "../meta/meta-login";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import { type ConnectedAccount, type OAuthConnection, type PlatformCredentials, PlatformError } from "../types";

/**
 * Connecting a WhatsApp Business phone number, two ways: Meta's Embedded Signup (Facebook Login for Business with the
 * WhatsApp Business permissions, declared in OAUTH_CONNECTIONS), which brings every phone number of the WhatsApp
 * Business Accounts (WABAs) granted; or a system user's token with the WABA id, choosing one of its numbers. Either
 * way Herald subscribes its app to the WABA's webhooks (messages, template status).
 */

/**
 * `GET /{waba-id}/phone_numbers`, the fields Herald reads. No type package describes it: from
 * developers.facebook.com/docs/graph-api/reference/whats-app-business-account/phone_numbers (read 2026-11-27).
 */
export interface PhoneNumbersAnswer {
  data: { id: string; display_phone_number: string; verified_name: string }[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/**
 * `GET /debug_token`, the fields Herald reads: which WABAs a token may manage. From
 * developers.facebook.com/docs/graph-api/reference/debug_token (read 2026-11-27).
 */
export interface DebugTokenAnswer {
  data: { app_id?: string; is_valid: boolean; granular_scopes?: { scope: string; target_ids?: string[] }[] };
}

/** `POST /{waba-id}/subscribed_apps` answers `{ success }` (developers.facebook.com/docs/whatsapp/embedded-signup). */
export interface SubscribedAppsAnswer {
  success: boolean;
}

/** What the adapter lends the connection: Graph reads with a token, and the Cloud API's POST. */
export interface WhatsAppApi {
  graph(token: string): GraphClient;
  post<T>(token: string, label: string, path: string, body: unknown): Promise<T>;
}

const GraphId = z.string().regex(/^\d{1,32}$/, "Meta's numeric id");

const TokenForm = z.object({
  access_token: z.string().min(1).max(2000).openapi({ description: "A system user's access token" }),
  waba_id: GraphId.openapi({ description: "The WhatsApp Business Account id" }),
  phone_number_id: GraphId.optional().openapi({
    description: "Which of the WABA's phone numbers; may be left out when it has one",
  }),
});

/** The granted scope that names the WABAs a token may manage. */
const MANAGEMENT = "whatsapp_business_management";

export function whatsAppConnection(deps: HttpDeps, api: WhatsAppApi): OAuthConnection {
  /** The WABA's numbers as accounts, after subscribing Herald's app to its webhooks. */
  const numbersOf = async (wabaId: string, credentials: PlatformCredentials): Promise<ConnectedAccount[]> => {
    const token = accessToken("WhatsApp", credentials);
    const id = encodeURIComponent(wabaId);
    await api.post<SubscribedAppsAnswer>(token, "WhatsApp webhook subscription", `${id}/subscribed_apps`, {});
    const answer: PhoneNumbersAnswer = await api
      .graph(token)
      .get(`${id}/phone_numbers`, { fields: "id,display_phone_number,verified_name", limit: 100 }, "phone numbers");
    return answer.data.map((number) => ({
      identity: {
        platformUserId: number.id,
        name: `${number.verified_name} (${number.display_phone_number})`,
        subscriptionTier: null,
        businessAccountId: wabaId,
      },
      credentials: { ...credentials, wabaId },
    }));
  };

  /** Every phone number of the WABAs the consent granted (the `whatsapp_business_management` scope's targets). */
  const accounts = async (credentials: PlatformCredentials): Promise<ConnectedAccount[]> => {
    const app = `${deps.env?.META_APP_ID ?? ""}|${deps.env?.META_APP_SECRET ?? ""}`;
    const debug: DebugTokenAnswer = await api
      .graph(app)
      .get("debug_token", { input_token: accessToken("WhatsApp", credentials) }, "token check");
    const wabas = new Set(
      (debug.data.granular_scopes ?? []).filter((s) => s.scope === MANAGEMENT).flatMap((s) => s.target_ids ?? []),
    );
    if (wabas.size === 0) {
      throw new PlatformError("refused", "Meta granted no WhatsApp Business Account: choose or create one when asked");
    }
    const found: ConnectedAccount[] = [];
    for (const wabaId of wabas) found.push(...(await numbersOf(wabaId, credentials)));
    if (found.length === 0) {
      throw new PlatformError("refused", "The WhatsApp Business Accounts granted have no phone number yet");
    }
    return found;
  };

  return declaredConnection(deps, OAUTH_CONNECTIONS.whatsapp, {
    accounts,
    tokenCall: metaTokenEndpoint(deps),
    pasted: {
      input: TokenForm,
      verify: async (input) => {
        const form = TokenForm.parse(input);
        const numbers = await numbersOf(form.waba_id, { accessToken: form.access_token });
        const listed = numbers.map((n) => `${n.identity.platformUserId} (${n.identity.name})`).join(", ");
        if (numbers.length === 0)
          throw new PlatformError("refused", "This WhatsApp Business Account has no phone number");
        const chosen = form.phone_number_id
          ? numbers.find((n) => n.identity.platformUserId === form.phone_number_id)
          : numbers.length === 1
            ? numbers[0]
            : undefined;
        if (!chosen) {
          throw validationError(
            "phone_number_id",
            form.phone_number_id
              ? `Not a phone number of this WhatsApp Business Account; its numbers: ${listed}`
              : `This WhatsApp Business Account has ${numbers.length} phone numbers; name one: ${listed}`,
          );
        }
        return chosen;
      },
    },
  });
}
