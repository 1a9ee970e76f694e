import { describe, expect, it } from "vitest";
import type { PlatformAccount } from "../../../src/platforms/types";
import { type MessageTemplatesPage, WhatsAppAdapter } from "../../../src/platforms/whatsapp/whatsapp";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const GRAPH = "https://graph.facebook.com/v26.0";
const FIELDS = "fields=name%2Clanguage%2Cstatus%2Crejected_reason%2Ccomponents&limit=100";

const waba: PlatformAccount = {
  id: "acct_wa",
  platform: "whatsapp",
  platformUserId: "15550001111",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "system-user-token", wabaId: "102290129340398" },
};

function whatsapp(exchanges: Exchange[]) {
  const wire = recordedFetch(exchanges);
  return { wire, reader: new WhatsAppAdapter({ fetch: wire.fetch, ...fakeTime() }) };
}

describe("WhatsApp Business: message templates", () => {
  it("reads every page of GET /{waba-id}/message_templates and maps Meta's statuses", async () => {
    const { wire, reader } = whatsapp([
      {
        method: "GET",
        url: `${GRAPH}/102290129340398/message_templates?${FIELDS}&access_token=system-user-token`,
        json: {
          data: [
            {
              name: "order_update",
              language: "en_US",
              status: "APPROVED",
              id: "594425479261596",
              components: [
                { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
                { type: "BODY", text: "Hi {{1}}, order {{2}} ships on {{3}}. Thanks, {{1}}!" },
                { type: "FOOTER", text: "The Bakery" },
              ],
            },
            {
              name: "promo_spring",
              language: "de",
              status: "REJECTED",
              rejected_reason: "TAG_CONTENT_MISMATCH",
              id: "1252715608684590",
              components: [{ type: "BODY", text: "Frühling ist da" }],
            },
          ],
          paging: {
            cursors: { before: "MAZDZD", after: "MjQZD" },
            next: `${GRAPH}/102290129340398/message_templates?limit=100&after=MjQZD`,
          },
        } satisfies MessageTemplatesPage,
      },
      {
        method: "GET",
        url: `${GRAPH}/102290129340398/message_templates?${FIELDS}&after=MjQZD&access_token=system-user-token`,
        json: {
          data: [
            { name: "hello_world", language: "en_US", status: "PAUSED", rejected_reason: "NONE", id: "1" },
            { name: "old_offer", language: "en", status: "PENDING_DELETION", id: "2" },
            {
              name: "new_one",
              language: "es",
              status: "PENDING",
              id: "3",
              components: [{ type: "BODY", text: "Hola {{ first_name }}, tu pedido {{order}}" }],
            },
          ],
          paging: { cursors: { before: "QVFI", after: "QVFJ" } },
        } satisfies MessageTemplatesPage,
      },
    ]);
    expect(await reader.listMessageTemplates(waba)).toEqual([
      // The body's variables are counted once each (a repeated {{1}} is one value); the header's are not the body's.
      { name: "order_update", language: "en_US", status: "approved", reason: null, bodyParameters: 3 },
      { name: "promo_spring", language: "de", status: "rejected", reason: "TAG_CONTENT_MISMATCH", bodyParameters: 0 },
      // No components given: the count is not known.
      { name: "hello_world", language: "en_US", status: "paused", reason: null, bodyParameters: null },
      { name: "old_offer", language: "en", status: "disabled", reason: null, bodyParameters: null },
      { name: "new_one", language: "es", status: "pending", reason: null, bodyParameters: 2 },
    ]);
    wire.expectAllUsed();
  });

  it("uses the account's platform user id when the credentials name no WABA", async () => {
    const { wire, reader } = whatsapp([
      {
        method: "GET",
        url: `${GRAPH}/15550001111/message_templates?${FIELDS}&access_token=t`,
        json: { data: [], paging: { cursors: {} } },
      },
    ]);
    expect(await reader.listMessageTemplates({ ...waba, credentials: { accessToken: "t" } })).toEqual([]);
    wire.expectAllUsed();
  });

  it("an expired token is auth_expired; a missing permission is refused", async () => {
    const { reader } = whatsapp([
      {
        method: "GET",
        url: `${GRAPH}/102290129340398/message_templates?${FIELDS}&access_token=system-user-token`,
        status: 401,
        json: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } },
      },
      {
        method: "GET",
        url: `${GRAPH}/102290129340398/message_templates?${FIELDS}&access_token=system-user-token`,
        status: 403,
        json: { error: { message: "(#200) Permissions error", type: "OAuthException", code: 200 } },
      },
    ]);
    expect((await platformFailure(reader.listMessageTemplates(waba))).failure).toBe("auth_expired");
    const denied = await platformFailure(reader.listMessageTemplates(waba));
    expect([denied.failure, denied.code]).toEqual(["refused", "PERMISSION_DENIED"]);
  });
});
