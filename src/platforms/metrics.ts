// `countsPerPost`: a platform's counts read per post in parallel (null: gone); `followersOf`: a profile's count.
import { mapLimited } from "../lib/map-limited";
import { type Metrics, PlatformError } from "./types";

/** Reads one count set per id, in parallel; a post the platform no longer has is null. */
export async function countsPerPost(
  ids: string[],
  read: (id: string) => Promise<Metrics>,
): Promise<Map<string, Metrics | null>> {
  const counts = await mapLimited(ids, 5, async (id) => {
    try {
      return await read(id);
    } catch (error) {
      if (error instanceof PlatformError && error.code === "NOT_ON_PLATFORM") return null;
      throw error;
    }
  });
  return new Map(ids.map((id, i) => [id, counts[i]!]));
}

/** A profile's `followers`, present only when the platform's answer carried a count. */
export const followersOf = (count: number | undefined): { followers?: number } =>
  typeof count === "number" ? { followers: count } : {};
