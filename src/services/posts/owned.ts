// The user's post (not deleted), or 404.
import { and, eq, isNull } from "drizzle-orm";
import { posts } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Runtime } from "../runtime";
import type { PostRow } from "./present";

/** The user's post (not deleted), or 404 `not_found`. */
export async function ownedPost(rt: Runtime, userId: string, postId: string): Promise<PostRow> {
  const [post] = await rt.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId), isNull(posts.deletedAt)));
  if (!post) throw notFound("Post");
  return post;
}
