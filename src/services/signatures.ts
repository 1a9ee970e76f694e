// Signatures: a user's text added to posts, created, listed, changed and deleted.
import { and, asc, eq } from "drizzle-orm";
import { signatures } from "../db/schema";
import { iso } from "../lib/clock";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import type { SignatureInput, SignaturePatchInput } from "../schemas/signatures";
import type { Runtime } from "./runtime";

type SignatureRow = typeof signatures.$inferSelect;

const present = (row: SignatureRow) => ({ id: row.id, name: row.name, text: row.text, created_at: iso(row.createdAt) });

export async function createSignature(rt: Runtime, userId: string, input: SignatureInput) {
  const row: SignatureRow = { id: newId("sig"), userId, ...input, createdAt: rt.clock.now() };
  await rt.db.insert(signatures).values(row);
  return present(row);
}

export async function listSignatures(rt: Runtime, userId: string) {
  const rows = await rt.db
    .select()
    .from(signatures)
    .where(eq(signatures.userId, userId))
    .orderBy(asc(signatures.createdAt));
  return rows.map(present);
}

const owned = (id: string, userId: string) => and(eq(signatures.id, id), eq(signatures.userId, userId));

export async function updateSignature(rt: Runtime, userId: string, id: string, patch: SignaturePatchInput) {
  const [row] = await rt.db.update(signatures).set(patch).where(owned(id, userId)).returning();
  if (!row) throw notFound("Signature");
  return present(row);
}

/** Posts already scheduled keep the text they were checked with; new edits of them no longer find it. */
export async function deleteSignature(rt: Runtime, userId: string, id: string) {
  const [row] = await rt.db.delete(signatures).where(owned(id, userId)).returning();
  if (!row) throw notFound("Signature");
  return { id, deleted: true as const };
}
