// Links that act as their own credential (review links, shared reports): a token shown once, expiring, revocable.

/** A secret link's state now: revoked wins over expired. */
export const secretLinkState = (link: { revokedAt: number | null; expiresAt: number }, now: number) =>
  link.revokedAt !== null ? ("revoked" as const) : link.expiresAt <= now ? ("expired" as const) : ("active" as const);
