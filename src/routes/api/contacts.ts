// The REST route for a contact's controls: opted out of automations or back in, or handed to a person.
import { jsonBody, ok } from "../../schemas/common";
import { ContactControlsBody, ContactParams, ContactSchema } from "../../schemas/contacts";
import { setContactControls } from "../../services/flows/contacts";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const update = authedRoute("flows:write", {
  method: "patch",
  path: "/api/v1/accounts/{accountId}/contacts/{contactId}",
  operationId: "updateContact",
  tags: ["Flows"],
  summary: "Opt a contact out of automations (or back in), or hand them to a person for a while",
  description:
    'Opting out stops every execution of the contact at once, those waiting on a delay included; their later events start nothing until they are opted in again (a contact also opts out by sending "stop", and back in with "start"). Under human takeover automations send them nothing; a run that would is stopped.',
  request: { params: ContactParams, body: jsonBody(ContactControlsBody) },
  responses: { 200: ok(ContactSchema, "The contact's state") },
});

export const contactRoutes = createRouter().openapi(update, async (c) => {
  const { accountId, contactId } = c.req.valid("param");
  const data = await setContactControls(c.var.rt, c.var.principal.userId, accountId, contactId, c.req.valid("json"));
  return c.json({ success: true as const, data }, 200);
});
