// Zod schemas of signatures: a signature, its create and update bodies.
import { z } from "@hono/zod-openapi";

export const SignatureSchema = z
  .object({ id: z.string(), name: z.string(), text: z.string(), created_at: z.string() })
  .openapi("Signature");

export const SignatureBody = z
  .object({ name: z.string().min(1).max(100), text: z.string().min(1).max(2000) })
  .strict()
  .openapi("SignatureCreate");
export type SignatureInput = z.infer<typeof SignatureBody>;

export const SignaturePatch = SignatureBody.partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "give at least one field to change" })
  .openapi("SignatureUpdate");
export type SignaturePatchInput = z.infer<typeof SignaturePatch>;
