// The REST route that lists a WhatsApp account's message templates.
import { z } from "@hono/zod-openapi";
import { IdParam, ok } from "../../schemas/common";
import { WhatsAppTemplateSchema } from "../../schemas/whatsapp-templates";
import { listWhatsAppTemplates } from "../../services/whatsapp-templates";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const list = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/accounts/{id}/whatsapp-templates",
  operationId: "listWhatsAppTemplates",
  tags: ["Flows"],
  summary: "A WhatsApp account's message templates, read from WhatsApp now",
  description:
    "Name, language and status of each template of the WhatsApp Business account, as WhatsApp reports them now; Herald keeps them to check flows' template messages (a flow step whose template is not approved is a problem). Status changes arrive as `whatsapp.template_status` events.",
  request: { params: IdParam },
  errors: ["reauth_required", "platform_unreachable", "platform_read_refused", "platform_not_configured"],
  responses: { 200: ok(z.array(WhatsAppTemplateSchema), "The templates, by name and language") },
});

export const whatsappTemplateRoutes = createRouter().openapi(list, async (c) => {
  const data = await listWhatsAppTemplates(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
  return c.json({ success: true as const, data }, 200);
});
