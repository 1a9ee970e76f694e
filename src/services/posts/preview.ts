// A post as each platform will show it, from exactly what publishing will send.
import { platformLabel } from "../../platforms/catalog";
import type { OutgoingArticle, OutgoingMedia } from "../../platforms/types";
import { ownedAccounts } from "../accounts/accounts";
import type { Runtime } from "../runtime";
import type { TargetRow } from "./present";

/** One target as its platform will show it. */
export interface TargetPreview {
  targetId: string;
  platform: string;
  platformLabel: string;
  accountName: string;
  /** The channel, board, community or list it goes to, when the platform has them. */
  destination: string | null;
  /** The text after the platform's override and signature: exactly what publishing sends (links are shortened then). */
  text: string;
  /** Only the media fields this platform takes (alt text where it takes alt text). */
  media: OutgoingMedia[];
  article: OutgoingArticle | null;
}

/**
 * The post as each platform will show it. Each target's `request` is what publishing sends, worked out by
 * `resolveTargets` when the post was saved (shared or detached text, signature, media fields per platform),
 * so a preview can never differ from what goes out.
 */
export async function previewTargets(rt: Runtime, userId: string, targets: TargetRow[]): Promise<TargetPreview[]> {
  const { byId } = await ownedAccounts(
    rt,
    userId,
    targets.map((t) => t.accountId),
  );
  return [...targets]
    .sort((a, b) => a.position - b.position)
    .map((t) => {
      const account = byId.get(t.accountId);
      const destinationId = t.request.destinationId;
      return {
        targetId: t.id,
        platform: t.platform,
        platformLabel: platformLabel(t.platform),
        accountName: account?.name ?? t.accountId,
        destination: destinationId
          ? (account?.destinations.find((d) => d.id === destinationId)?.label ?? destinationId)
          : null,
        text: t.request.text,
        media: t.request.media,
        article: t.request.article ?? null,
      };
    });
}
