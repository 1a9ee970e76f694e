import type { PlatformAccount } from "../../../../src/platforms/types";

/** The Bluesky account the adapter tests post as, on bsky.social's PDS. */

export const PDS = "https://bsky.social/xrpc";
export const DID = "did:plc:ewvi7nxzyoun6zhxrhs64oiz";

export const blueskyAccount: PlatformAccount = {
  id: "acct_bsky",
  platform: "bluesky",
  platformUserId: DID,
  subscriptionTier: null,
  destinations: [],
  credentials: {
    service: "https://bsky.social",
    did: DID,
    handle: "herald.bsky.social",
    identifier: "herald.bsky.social",
    appPassword: "abcd-efgh-ijkl-mnop",
    accessToken: "access-jwt",
    refreshToken: "refresh-jwt",
  },
};
