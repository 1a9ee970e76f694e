import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../../sdk/src/index";
import { api, newUser } from "../helpers/api";
import { type Received, stubNetwork, verifySignature } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, emit, webhookOf } from "../helpers/webhooks";

// Both signature formats, verified as receivers verify them: the Stripe-style check of X-Service-Signature, and
// the `standardwebhooks` and `svix` libraries, unchanged, on Standard Webhooks requests. The libraries compare the
// signed time with the real clock, so the service clock is set to it.

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  user = await newUser("studio");
  await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: new Date().toISOString() } });
});

const delivered = (eventId: string) =>
  eventually(async () => net.received(HOST).find((r) => r.body.id === eventId), `a request carrying ${eventId}`);

/** What the `standardwebhooks` library makes of the request: the event, or its error's message. */
function standardLibrary(secret: string, got: Received, raw = got.raw): unknown {
  try {
    return new StandardWebhook(secret).verify(raw, got.headers);
  } catch (error) {
    return (error as Error).message;
  }
}

/** What the `svix` library makes of it: "verified" (it answers nothing on success), or its error's message. */
function svixLibrary(secret: string, got: Received, raw = got.raw): string {
  try {
    new SvixWebhook(secret).verify(raw, got.headers);
    return "verified";
  } catch (error) {
    return (error as Error).message;
  }
}

const serviceCheck = (secret: string, got: Received) =>
  verifySignature(secret, got.headers["x-service-signature"], got.raw, Math.floor(Date.now() / 1000));

const sdkCheck = (secret: string, got: Received) => verifyWebhook(got.raw, got.headers, secret).then((e) => e.id);

const flowError = { flowId: "flow_1", flowName: "Welcome", errorMessage: "Step failed", errorNodeId: "n3" };

describe("signature_format: standard", () => {
  it("signs deliveries with the Standard Webhooks headers, which standardwebhooks and svix verify unchanged", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/std`,
      events: ["flow.error"],
      signature_format: "standard",
    });
    expect(webhook.signature_format).toBe("standard");
    expect(webhook.signing_secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    const [eventId] = await emit(user.key, "flow.error", flowError);
    const got = await delivered(eventId!);

    expect(got.headers["webhook-id"]).toBe(eventId);
    expect(got.headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(got.headers["x-service-event"]).toBe("flow.error");
    for (const service of ["x-service-signature", "x-service-timestamp", "x-service-event-id"]) {
      expect(got.headers[service]).toBeUndefined();
    }

    const secret = webhook.signing_secret;
    expect(standardLibrary(secret, got)).toEqual({
      id: eventId,
      event: "flow.error",
      timestamp: expect.any(String),
      data: flowError,
    });
    expect(svixLibrary(secret, got)).toBe("verified");
    expect(await sdkCheck(secret, got)).toBe(eventId);

    // A changed body, another secret, another id: both libraries refuse.
    const forged = got.raw.replace("Step failed", "Step passed");
    expect(standardLibrary(secret, got, forged)).toBe("No matching signature found");
    expect(svixLibrary(secret, got, forged)).toBe("No matching signature found");
    const stranger = `whsec_${btoa("another secret of 24 b!")}`;
    expect(standardLibrary(stranger, got)).toBe("No matching signature found");
    const otherId = { ...got, headers: { ...got.headers, "webhook-id": "evt_other" } };
    expect(svixLibrary(secret, otherId)).toBe("No matching signature found");
  });

  it("applies to Send test and redeliver too", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/both`,
      events: ["flow.error"],
      signature_format: "standard",
    });
    const test = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(test.body.data).toMatchObject({ ok: true, status: 200 });
    const [eventId] = await emit(user.key, "flow.error", flowError);
    await delivered(eventId!);
    const again = await api("POST", `/api/v1/webhooks/${webhook.id}/deliveries/${eventId}/redeliver`, {
      key: user.key,
    });
    expect(again.body.data).toMatchObject({ ok: true, trigger: "redeliver" });

    const requests = net.received(HOST).filter((r) => r.url === `https://${HOST}/both`);
    expect(requests.map((r) => r.body.event)).toEqual(["test", "flow.error", "flow.error"]);
    for (const got of requests) {
      expect(standardLibrary(webhook.signing_secret, got)).toMatchObject({ id: got.body.id });
      expect(svixLibrary(webhook.signing_secret, got)).toBe("verified");
      expect(got.headers["x-service-signature"]).toBeUndefined();
    }
    // The redelivery is the same message to the receiver: the same webhook-id.
    expect(requests[2]!.headers["webhook-id"]).toBe(requests[1]!.headers["webhook-id"]);
  });

  it("rotation gives a new secret in the same form: the libraries take it, and refuse the old one", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/rot`,
      events: ["flow.error"],
      signature_format: "standard",
    });
    const rotated = await api("POST", `/api/v1/webhooks/${webhook.id}/rotate-secret`, { key: user.key });
    expect(rotated.body.data).toMatchObject({
      signature_format: "standard",
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    const secret = rotated.body.data.signing_secret as string;
    const [eventId] = await emit(user.key, "flow.error", flowError);
    const got = await delivered(eventId!);
    expect(svixLibrary(secret, got)).toBe("verified");
    expect(standardLibrary(secret, got)).toMatchObject({ id: eventId });
    expect(svixLibrary(webhook.signing_secret, got)).toBe("No matching signature found");
  });
});

describe("signature_format: service (the default)", () => {
  it("is SPEC's X-Service-Signature, which the Stripe-style check verifies and the Standard Webhooks libraries cannot", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/svc`, events: ["flow.error"] });
    expect(webhook.signature_format).toBe("service");
    const [eventId] = await emit(user.key, "flow.error", flowError);
    const got = await delivered(eventId!);
    const t = got.headers["x-service-timestamp"];
    expect(got.headers["x-service-signature"]).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
    expect(got.headers["x-service-event-id"]).toBe(eventId);
    expect(got.headers["webhook-signature"]).toBeUndefined();
    expect(await serviceCheck(webhook.signing_secret, got)).toBe(true);
    expect(await sdkCheck(webhook.signing_secret, got)).toBe(eventId);
    expect(standardLibrary(webhook.signing_secret, got)).toBe("Missing required headers");
  });
});

describe("changing the format", () => {
  it("keeps the secret: the next request is signed in the new format with it, and back again", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/switch`, events: ["flow.error"] });
    const secret = webhook.signing_secret;

    const toStandard = await api("PATCH", `/api/v1/webhooks/${webhook.id}`, {
      key: user.key,
      body: { signature_format: "standard" },
    });
    expect(toStandard.status).toBe(200);
    expect(toStandard.body.data.signature_format).toBe("standard");
    expect(toStandard.body.data.signing_secret).toBeUndefined();
    const [first] = await emit(user.key, "flow.error", { ...flowError, n: 1 });
    const standard = await delivered(first!);
    expect(svixLibrary(secret, standard)).toBe("verified");
    expect(standardLibrary(secret, standard)).toMatchObject({ id: first });

    await api("PATCH", `/api/v1/webhooks/${webhook.id}`, { key: user.key, body: { signature_format: "service" } });
    const [second] = await emit(user.key, "flow.error", { ...flowError, n: 2 });
    const service = await delivered(second!);
    expect(service.headers["webhook-signature"]).toBeUndefined();
    expect(await serviceCheck(secret, service)).toBe(true);
  });

  it("refuses an unknown format on create and on change, changing nothing", async () => {
    const refused = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: `https://${HOST}/bad`, events: ["flow.error"], signature_format: "svix" },
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, "validation_error"]);
    expect(refused.body.error.issues[0].path).toBe("signature_format");
    expect((await api("GET", "/api/v1/webhooks", { key: user.key })).body.data).toEqual([]);

    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/keep`, events: ["flow.error"] });
    for (const format of ["Standard", "", 1, null]) {
      const patch = await api("PATCH", `/api/v1/webhooks/${webhook.id}`, {
        key: user.key,
        body: { signature_format: format },
      });
      expect([patch.status, patch.body.error.code]).toEqual([400, "validation_error"]);
    }
    expect((await webhookOf(user.key, webhook.id)).signature_format).toBe("service");

    const other = await newUser("studio");
    const theirs = await api("PATCH", `/api/v1/webhooks/${webhook.id}`, {
      key: other.key,
      body: { signature_format: "standard" },
    });
    expect(theirs.status).toBe(404);
    expect((await webhookOf(user.key, webhook.id)).signature_format).toBe("service");
  });
});
