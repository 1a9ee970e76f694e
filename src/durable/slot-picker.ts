import { DurableObject } from "cloudflare:workers";

interface Lease {
  id: string;
  accountIds: string[];
  expiresAt: number;
}

/**
 * One object per user. It serializes slot picking: a request takes a lease on its accounts, chooses and
 * writes its slot in D1, then gives the lease back. While a lease is out, a request for any of the same
 * accounts is refused (the caller answers 409 `busy`) instead of waiting, so it can never see the slot
 * table half-written. Leases live in storage and expire, so a caller that died mid-pick blocks nobody
 * for long. Expiry is real time: the lease is machinery, not a domain rule, so the sandbox clock stays out.
 */
export class SlotPicker extends DurableObject<Env> {
  acquire(accountIds: string[], ttlMs: number): string | null {
    const now = Date.now();
    const leases = this.leases().filter((l) => l.expiresAt > now);
    const wanted = new Set(accountIds);
    if (leases.some((l) => l.accountIds.some((id) => wanted.has(id)))) return null;
    const id = crypto.randomUUID();
    leases.push({ id, accountIds, expiresAt: now + ttlMs });
    this.ctx.storage.kv.put("leases", leases);
    return id;
  }

  release(leaseId: string): void {
    this.ctx.storage.kv.put(
      "leases",
      this.leases().filter((l) => l.id !== leaseId),
    );
  }

  private leases(): Lease[] {
    return this.ctx.storage.kv.get<Lease[]>("leases") ?? [];
  }
}
