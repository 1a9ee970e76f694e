// The owner's controls over a contact: opted out of automations or back in, handed to a person for a while.
import { isoOrNull } from "../../lib/clock";
import { getOwnedAccount } from "../accounts";
import type { Runtime } from "../runtime";
import { contactRunner } from "./run/inbound";

/**
 * The owner's controls over one person on an account (a contact, by the platform-scoped id their events carry):
 * opt them out of automations (every execution of theirs stops at once) or back in, and hand them to a person for
 * a while (automations stay quiet; 0 minutes ends it). The contact's runner keeps and applies them.
 */
export async function setContactControls(
  rt: Runtime,
  userId: string,
  accountId: string,
  contactId: string,
  controls: { opted_out?: boolean; human_takeover_minutes?: number },
) {
  const account = await getOwnedAccount(rt, userId, accountId);
  const contact = { accountId: account.id, contactId };
  const state = await contactRunner(rt, account.id, contactId).setControls(contact, {
    optedOut: controls.opted_out,
    humanMinutes: controls.human_takeover_minutes,
  });
  return {
    account_id: account.id,
    contact_id: contactId,
    opted_out_at: isoOrNull(state.optedOutAt),
    human_until: isoOrNull(state.humanUntil),
    window_until: isoOrNull(state.windowUntil),
  };
}
