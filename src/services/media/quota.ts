// The media library's limits per plan: the file size one upload may be, and the storage a user's library may hold.
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { mediaItems, mediaUploads } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** 413 `payload_too_large` unless a file of `size` bytes fits the plan's file size. */
export function requireFileSize(planName: string, size: number): void {
  const limit = planOf(planName).mediaFileBytes;
  if (size > limit) {
    throw new AppError(
      "payload_too_large",
      `The file is ${size} bytes (${mb(size)}); the ${planName} plan takes files up to ${limit} bytes (${mb(limit)}). Nothing was stored.`,
      { size, limit },
    );
  }
}

/** The bytes a user's library holds, with what their uploads under way reserve (less the upload `except`). */
export const storageUsed = (userId: string, except?: string): SQL<number> =>
  sql<number>`((SELECT coalesce(sum(${mediaItems.size}), 0) FROM ${mediaItems} WHERE ${mediaItems.userId} = ${userId}) + (SELECT coalesce(sum(${mediaUploads.size}), 0) FROM ${mediaUploads} WHERE ${and(
    eq(mediaUploads.userId, userId),
    inArray(mediaUploads.status, ["open", "completing"]),
    except ? ne(mediaUploads.id, except) : undefined,
  )}))`;

/** A guard for the write that adds `size` bytes: true while the library stays within the plan's storage. */
export const fitsStorage = (planName: string, userId: string, size: number, except?: string): SQL =>
  sql`${storageUsed(userId, except)} + ${size} <= ${planOf(planName).mediaStorageBytes}`;

/** 413 `storage_limit`, with the numbers. */
export async function storageLimit(rt: Runtime, planName: string, userId: string, size: number, except?: string) {
  const [row] = await rt.db.select({ used: storageUsed(userId, except) }).from(sql`(SELECT 1)`);
  const used = Number(row?.used ?? 0);
  const limit = planOf(planName).mediaStorageBytes;
  return new AppError(
    "storage_limit",
    `The media library holds ${used} bytes (${mb(used)}) of the ${planName} plan's ${limit} bytes (${mb(limit)}); a file of ${size} bytes (${mb(size)}) does not fit. Nothing was stored; delete media you no longer need.`,
    { used, limit, size },
  );
}

/** 413 `storage_limit` now, before anything is stored, unless `size` more bytes fit. */
export async function requireStorage(rt: Runtime, planName: string, userId: string, size: number, except?: string) {
  const [row] = await rt.db
    .select({ fits: sql<number>`${fitsStorage(planName, userId, size, except)}` })
    .from(sql`(SELECT 1)`);
  if (!row?.fits) throw await storageLimit(rt, planName, userId, size, except);
}
