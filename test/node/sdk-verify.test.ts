// The TypeScript SDK's webhook verification, in both signature formats, against signatures made elsewhere: the
// Standard Webhooks specification's example, the `standardwebhooks` and `svix` libraries, and node:crypto for
// X-Service-Signature. test/worker/webhooks/signature-formats.test.ts runs it on requests Herald really sent.
import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { describe, expect, it } from "vitest";
import { Herald, verifyWebhook, WebhookSignatureError } from "../../sdk/src/index.ts";

const herald = new Herald({ apiKey: "sk_unused" }, { baseUrl: "https://herald.example" });

// The example in the Standard Webhooks specification (and Svix's documentation).
const SPEC = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  time: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};
const specHeaders = (over: Record<string, string> = {}) => ({
  "webhook-id": SPEC.id,
  "webhook-timestamp": String(SPEC.time),
  "webhook-signature": SPEC.signature,
  ...over,
});

/** A secret as Herald makes them: `whsec_` and 40 base62 characters. */
const HERALD_SECRET = "whsec_3hZ0cQ8vXb1mK2pLr9Ta4hZ0cQ8vXb1mK2pLr9Ta";
const EVENT = JSON.stringify({ id: "evt_1", event: "test", timestamp: "2030-06-01T08:00:00.000Z", data: { n: 1 } });
const NOW = 1_906_531_200;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "verified",
    (error: Error) => (error instanceof WebhookSignatureError ? error.message : `not a signature error: ${error}`),
  );

describe("Standard Webhooks requests", () => {
  it("verifies the specification's own example, from a plain object or a Headers", async () => {
    expect(await herald.webhooks.verify(SPEC.body, specHeaders(), SPEC.secret, { now: SPEC.time })).toEqual({
      test: 2432232314,
    });
    const headers = new Headers(specHeaders());
    expect(await verifyWebhook(new TextEncoder().encode(SPEC.body), headers, SPEC.secret, { now: SPEC.time })).toEqual({
      test: 2432232314,
    });
  });

  it("verifies what the standardwebhooks and svix libraries sign with a Herald secret", async () => {
    const at = new Date(NOW * 1000);
    for (const signer of [new StandardWebhook(HERALD_SECRET), new SvixWebhook(HERALD_SECRET)]) {
      const headers = {
        "webhook-id": "evt_1",
        "webhook-timestamp": String(NOW),
        "webhook-signature": signer.sign("evt_1", at, EVENT),
      };
      expect(await verifyWebhook(EVENT, headers, HERALD_SECRET, { now: NOW })).toMatchObject({ id: "evt_1" });
    }
  });

  it("takes any v1 among several, whatever the headers' case; Node's repeated headers give their first", async () => {
    const several = `v1,${"A".repeat(43)}= v2,abc ${SPEC.signature}`;
    const upper = Object.fromEntries(
      Object.entries(specHeaders({ "webhook-signature": several })).map(([k, v]) => [k.toUpperCase(), v]),
    );
    expect(await verifyWebhook(SPEC.body, upper, SPEC.secret, { now: SPEC.time })).toEqual({ test: 2432232314 });
    const repeated = { ...specHeaders(), "webhook-id": [SPEC.id, "msg_other"] };
    expect(await verifyWebhook(SPEC.body, repeated, SPEC.secret, { now: SPEC.time })).toEqual({ test: 2432232314 });
  });

  it("refuses a changed body, id or time, another secret, another version, an old time and missing headers", async () => {
    const other = `whsec_${Buffer.from("x".repeat(24)).toString("base64")}`;
    const cases: [string, Record<string, string>, string, number][] = [
      [SPEC.body.replace("2432232314", "2432232315"), specHeaders(), SPEC.secret, SPEC.time],
      [SPEC.body, specHeaders({ "webhook-id": "msg_other" }), SPEC.secret, SPEC.time],
      [SPEC.body, specHeaders({ "webhook-timestamp": String(SPEC.time + 1) }), SPEC.secret, SPEC.time],
      [SPEC.body, specHeaders(), other, SPEC.time],
      [SPEC.body, specHeaders({ "webhook-signature": SPEC.signature.replace("v1,", "v2,") }), SPEC.secret, SPEC.time],
    ];
    for (const [body, headers, secret, now] of cases) {
      expect(await refusal(verifyWebhook(body, headers, secret, { now }))).toBe(
        "the signature does not match the body and secret",
      );
    }
    expect(await refusal(verifyWebhook(SPEC.body, specHeaders(), SPEC.secret, { now: SPEC.time + 301 }))).toBe(
      "the signed time is more than 300 seconds from now",
    );
    expect(
      await refusal(verifyWebhook(SPEC.body, specHeaders(), SPEC.secret, { now: SPEC.time + 60, tolerance: 30 })),
    ).toBe("the signed time is more than 30 seconds from now");
    const { "webhook-id": _, ...withoutId } = specHeaders();
    expect(await refusal(verifyWebhook(SPEC.body, withoutId, SPEC.secret, { now: SPEC.time }))).toBe(
      "webhook-id and webhook-signature are needed",
    );
    expect(await refusal(verifyWebhook(SPEC.body, specHeaders(), "whsec_not*base64", { now: SPEC.time }))).toBe(
      "the secret is not whsec_ and base64",
    );
  });
});

describe("X-Service-Signature requests", () => {
  const sign = (body: string, t = NOW, secret = HERALD_SECRET) =>
    `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

  it("verifies the header alone or among the request's headers", async () => {
    expect(await verifyWebhook(EVENT, sign(EVENT), HERALD_SECRET, { now: NOW })).toMatchObject({ id: "evt_1" });
    const headers = { "X-Service-Event": "test", "X-Service-Signature": sign(EVENT) };
    expect(await herald.webhooks.verify(EVENT, headers, HERALD_SECRET, { now: NOW })).toMatchObject({ event: "test" });
  });

  it("refuses a changed body, another secret, an old time, and missing or malformed headers", async () => {
    const mismatch = "the signature does not match the body and secret";
    expect(await refusal(verifyWebhook(`${EVENT} `, sign(EVENT), HERALD_SECRET, { now: NOW }))).toBe(mismatch);
    expect(await refusal(verifyWebhook(EVENT, sign(EVENT), "whsec_other", { now: NOW }))).toBe(mismatch);
    expect(await refusal(verifyWebhook(EVENT, sign(EVENT, NOW - 301), HERALD_SECRET, { now: NOW }))).toBe(
      "the signed time is more than 300 seconds from now",
    );
    for (const header of [undefined, null, "", {}, { "X-Service-Event": "test" }]) {
      expect(await refusal(verifyWebhook(EVENT, header, HERALD_SECRET, { now: NOW }))).toBe(
        "no X-Service-Signature header",
      );
    }
    for (const header of [`t=${NOW}`, "v1=00", "garbage"]) {
      expect(await refusal(verifyWebhook(EVENT, header, HERALD_SECRET, { now: NOW }))).toBe(
        "the signature header needs t=<unix seconds>,v1=<hex>",
      );
    }
    expect(await refusal(verifyWebhook("not json", sign("not json"), HERALD_SECRET, { now: NOW }))).toBe(
      "the signed body is not JSON",
    );
  });
});
