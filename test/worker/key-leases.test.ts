import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Clock } from "../../src/lib/clock";
import { admitApiKey, hashApiKey, keyGate, revokeAtGate } from "../../src/services/key-gate";
import { dropLeases, gateCall, isolateId, keepLease, spendLease } from "../../src/services/key-gate/leases";
import { RateLimiter } from "../../src/services/key-gate/rate-limiter";
import { LEASE_MS } from "../../src/services/key-gate/terms";
import { createRuntime } from "../../src/services/runtime";
import { api, newUser } from "./helpers/api";

/**
 * A key's gate leases the isolate a share of the key's hour (`services/key-gate/leases.ts`): these are the promises the
 * lease must keep that the gate kept alone: exact counting, revocation and plan changes on the next request.
 */

const background = () => {};

/** A runtime whose keys are limited to `limit` an hour, on a clock the test sets, counting the calls to key gates. */
async function runtimeWithGateCalls(limit: number, at: { now: number }) {
  const base = await createRuntime(env);
  const calls = { gate: 0 };
  const gates = {
    idFromName: (name: string) => env.RATE_LIMITER.idFromName(name),
    get(id: DurableObjectId) {
      const stub = env.RATE_LIMITER.get(id);
      return {
        admitKey: (...args: Parameters<RateLimiter["admitKey"]>) => {
          calls.gate++;
          return stub.admitKey(...args);
        },
      };
    },
  };
  const clock: Clock = { now: () => at.now, toRealTime: (ms) => ms };
  const rt = {
    ...base,
    clock,
    env: { ...env, RATE_LIMITER: gates as unknown as Env["RATE_LIMITER"] },
    config: { ...base.config, rate_limit_per_hour: limit },
  };
  return { rt, calls };
}

const inWindow = () => ({ now: Date.UTC(2031, 0, 6, 10, 0, 0) });

describe("a key's lease", () => {
  it("admits the key's next requests without its gate, counting each: the limit's last is admitted, not one more", async () => {
    const { key } = await newUser();
    const { rt, calls } = await runtimeWithGateCalls(40, inWindow());
    const decisions = [];
    for (let i = 0; i < 41; i++) decisions.push((await admitApiKey(rt, key, background)).decision);
    expect(decisions.map((d) => d.remaining)).toEqual([...Array.from({ length: 40 }, (_, i) => 39 - i), 0]);
    expect(decisions.map((d) => d.allowed)).toEqual([...Array(40).fill(true), false]);
    // A share of what remained was leased each time, down to nothing near the limit.
    expect(calls.gate).toBeLessThan(25);
    expect(calls.gate).toBeGreaterThan(1);
  });

  it("never admits more than the limit when requests race, and loses none of it: all told, exactly the limit", async () => {
    const { key } = await newUser();
    const { rt } = await runtimeWithGateCalls(40, inWindow());
    const admit = async () => (await admitApiKey(rt, key, background)).decision.allowed;
    // 60 at once: several gate calls are out together, and leases are granted and merged while others wait.
    const racing = await Promise.all(Array.from({ length: 60 }, admit));
    expect(racing.filter(Boolean).length).toBeLessThanOrEqual(40);
    // What a lease still held is spent next; then the gate answers for the rest.
    const after = [];
    for (let i = 0; i < 45; i++) after.push(await admit());
    expect(racing.filter(Boolean).length + after.filter(Boolean).length).toBe(40);
    expect(after.at(-1)).toBe(false);
  });

  it("gives back the units it did not spend when it ends, so the count goes on from the requests made", async () => {
    const { key } = await newUser();
    const at = inWindow();
    const { rt, calls } = await runtimeWithGateCalls(400, at);
    expect((await admitApiKey(rt, key, background)).decision.remaining).toBe(399); // and 49 units leased
    expect((await admitApiKey(rt, key, background)).decision.remaining).toBe(398);
    at.now += LEASE_MS; // the lease has ended: the next request asks the gate, handing back the 48 unspent units
    expect((await admitApiKey(rt, key, background)).decision.remaining).toBe(397);
    expect(calls.gate).toBe(2);
  });

  it("ends after its time in real time too, when service time stands still", async () => {
    const { key } = await newUser();
    const { rt, calls } = await runtimeWithGateCalls(400, inWindow());
    await admitApiKey(rt, key, background);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    expect((await admitApiKey(rt, key, background)).decision.remaining).toBe(398);
    expect(calls.gate).toBe(2);
  });

  it("ends with the rate window: the first request of the next hour is counted in the next hour", async () => {
    const { key } = await newUser();
    const at = { now: Date.UTC(2031, 0, 6, 10, 59, 59, 500) };
    const { rt, calls } = await runtimeWithGateCalls(400, at);
    expect((await admitApiKey(rt, key, background)).decision.remaining).toBe(399);
    at.now += 600; // within the lease, past the hour
    const next = (await admitApiKey(rt, key, background)).decision;
    expect([next.remaining, next.resetAt]).toEqual([399, Date.UTC(2031, 0, 6, 12)]);
    expect(calls.gate).toBe(2);
  });

  it("ends when the limit it was granted under changes", async () => {
    const { key } = await newUser();
    const at = inWindow();
    const { rt } = await runtimeWithGateCalls(400, at);
    await admitApiKey(rt, key, background);
    const lowered = { ...rt, config: { ...rt.config, rate_limit_per_hour: 2 } };
    expect((await admitApiKey(lowered, key, background)).decision).toMatchObject({ allowed: true, remaining: 0 });
    expect((await admitApiKey(lowered, key, background)).decision.allowed).toBe(false);
  });

  it("is not kept when the key's leases were dropped while the call that was granted it was out", async () => {
    const { key } = await newUser();
    const hash = await hashApiKey(key);
    const now = inWindow().now;
    const call = gateCall(hash, now);
    const admitted = (await keyGate(env, hash).admitKey(hash, 400, now, { isolate: "this", giveBack: null }))!;
    expect(admitted.lease?.units).toBe(49);
    dropLeases(hash); // a revocation or a plan change told here meanwhile
    keepLease(hash, call, admitted.lease!, admitted.holder, admitted.decision);
    expect(spendLease(hash, 400, now)).toBeNull();
  });
});

describe("revoking, this isolate keeps no lease granted before the gate heard of it", () => {
  it("even one asked for after the revocation began and answered after the gate did", async () => {
    const { key } = await newUser();
    const hash = await hashApiKey(key);
    const now = inWindow().now;
    const admitted = (await keyGate(env, hash).admitKey(hash, 1000, now, { isolate: isolateId(), giveBack: null }))!;
    const revoking = revokeAtGate(env, hash); // this isolate's lease is dropped, then the gate is told
    const call = gateCall(hash, now); // a request here meanwhile: the gate admitted it before hearing of the revocation
    await revoking;
    keepLease(hash, call, admitted.lease!, admitted.holder, admitted.decision); // its answer arrives last
    expect(spendLease(hash, 1000, now)).toBeNull();
  });
});

describe("a gate told of a change while it stamps the key's last use", () => {
  const stampingAdmit = async (tell: (limiter: RateLimiter) => void) => {
    const { key } = await newUser();
    const hash = await hashApiKey(key);
    const now = Date.now();
    return runInDurableObject(keyGate(env, hash), async (limiter: RateLimiter) => {
      await limiter.admitKey(hash, 1000, now, { isolate: "here", giveBack: null });
      // Two minutes on, the last use is stale: this admission writes it to D1 before it counts and leases.
      const admitting = limiter.admitKey(hash, 1000, now + 120_000, { isolate: "here", giveBack: null });
      tell(limiter);
      return admitting;
    });
  };

  it("refuses the request when the change was a revocation", async () => {
    expect(await stampingAdmit((limiter) => limiter.revokeKey("elsewhere"))).toBeNull();
  });

  it("serves the request but leases nothing when the holder changed", async () => {
    const admitted = await stampingAdmit((limiter) => limiter.forgetHolder("elsewhere"));
    expect(admitted?.decision.allowed).toBe(true);
    expect(admitted?.lease).toBeNull();
  });
});

describe("revoking a leased key", () => {
  it("is refused here on its next request although this isolate held a lease", async () => {
    const { key } = await newUser();
    const created = await api("POST", "/api/v1/api-keys", { key, body: { name: "leased" } });
    const secret: string = created.body.data.key;
    for (let i = 0; i < 2; i++)
      expect((await api("GET", "/api/v1/connected-accounts", { key: secret })).status).toBe(200);
    expect((await api("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key })).status).toBe(200);
    expect((await api("GET", "/api/v1/connected-accounts", { key: secret })).status).toBe(401);
  });

  it("is answered only once another isolate's lease on the key has ended", async () => {
    const { key } = await newUser();
    const created = await api("POST", "/api/v1/api-keys", { key, body: { name: "leased elsewhere" } });
    const hash = await hashApiKey(created.body.data.key);
    const elsewhere = await keyGate(env, hash).admitKey(hash, 1000, Date.now(), {
      isolate: "elsewhere",
      giveBack: null,
    });
    expect(elsewhere?.lease?.units).toBe(100);
    const leasedUntil = await runInDurableObject(
      keyGate(env, hash),
      (_, state) => state.storage.kv.get<Record<string, number>>("leases")!.elsewhere!,
    );
    expect((await api("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key })).status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(leasedUntil);
  });

  it("a plan change, too, is answered only once another isolate's lease on the old plan has ended", async () => {
    const email = `leased-${crypto.randomUUID()}@herald.local`;
    const first = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email } });
    const hash = await hashApiKey(first.body.data.api_key);
    await keyGate(env, hash).admitKey(hash, 1000, Date.now(), { isolate: "elsewhere", giveBack: null });
    const leasedUntil = await runInDurableObject(
      keyGate(env, hash),
      (_, state) => state.storage.kv.get<Record<string, number>>("leases")!.elsewhere!,
    );
    expect((await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio", email } })).status).toBe(201);
    expect(Date.now()).toBeGreaterThanOrEqual(leasedUntil);
  });

  it("its gate answers how long the other isolates' leases still run, after a restart too", async () => {
    const { key } = await newUser();
    const hash = await hashApiKey(key);
    const gate = keyGate(env, hash);
    await gate.admitKey(hash, 1000, Date.now(), { isolate: "here", giveBack: null });
    const onlyMine = await runInDurableObject(gate, (_, state) => new RateLimiter(state, env).forgetHolder("here"));
    expect(onlyMine).toBe(0);
    await gate.admitKey(hash, 1000, Date.now(), { isolate: "elsewhere", giveBack: null });
    const leases = await runInDurableObject(gate, (_, state) => state.storage.kv.get<Record<string, number>>("leases"));
    const restarted = await runInDurableObject(gate, (_, state) => new RateLimiter(state, env).revokeKey("here"));
    // A duration (the caller waits it on its own clock): what remains of the other isolate's lease.
    expect(restarted).toBeGreaterThan(0);
    expect(restarted).toBeLessThanOrEqual(LEASE_MS);
    expect(leases!.elsewhere).toBeGreaterThan(Date.now());
  });
});
