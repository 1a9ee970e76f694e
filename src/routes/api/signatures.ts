// REST routes for signatures: create, list, change and delete them.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import { SignatureBody, SignaturePatch, SignatureSchema } from "../../schemas/signatures";
import { createSignature, deleteSignature, listSignatures, updateSignature } from "../../services/signatures";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Signatures"];

const create = authedRoute("posts:write", {
  operationId: "createSignature",
  method: "post",
  path: "/api/v1/signatures",
  tags,
  summary: "Create a signature",
  description: "Text appended to a platform's post (after a blank line) when its override names `signature_id`.",
  request: { body: jsonBody(SignatureBody) },
  responses: { 201: ok(SignatureSchema, "The signature") },
});

const list = authedRoute("posts:read", {
  operationId: "listSignatures",
  method: "get",
  path: "/api/v1/signatures",
  tags,
  summary: "List signatures",
  responses: { 200: ok(z.array(SignatureSchema), "The user's signatures") },
});

const update = authedRoute("posts:write", {
  operationId: "updateSignature",
  method: "patch",
  path: "/api/v1/signatures/{id}",
  tags,
  summary: "Change a signature",
  description: "Posts already scheduled keep the text they were checked with; edit a post to take the new text.",
  request: { params: IdParam, body: jsonBody(SignaturePatch) },
  responses: { 200: ok(SignatureSchema, "The signature") },
});

const remove = authedRoute("posts:write", {
  operationId: "deleteSignature",
  method: "delete",
  path: "/api/v1/signatures/{id}",
  tags,
  summary: "Delete a signature",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

export const signatureRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createSignature(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listSignatures(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(update, async (c) => {
    const data = await updateSignature(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteSignature(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
