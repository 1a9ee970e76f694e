import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, herald, newUser } from "./helpers";

/** One request the receiver got: its headers and its raw body. */
interface Got {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

describe("herald webhooks verify, on requests the service really sent", () => {
  let key: string;
  let server: Server;
  let receiverUrl: string;
  let dir: string;
  const received: Got[] = [];

  beforeAll(async () => {
    key = await newUser();
    dir = await mkdtemp(join(tmpdir(), "herald-verify-"));
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** Adds a webhook in `format`, sends its test event, and answers the request the receiver got with the secret. */
  async function testRequest(format: "service" | "standard") {
    const webhook = await api("POST", "/api/v1/webhooks", key, {
      target_url: `${receiverUrl}/${format}/${received.length}`,
      events: ["post.published"],
      signature_format: format,
    });
    const before = received.length;
    await api("POST", `/api/v1/webhooks/${webhook.id}/test`, key);
    const got = received[before]!;
    const body = join(dir, `${format}.json`);
    await writeFile(body, got.raw);
    return { got, body, secret: webhook.signing_secret as string, webhookId: webhook.id as string };
  }

  const headerFlags = (got: Got, names: string[]) =>
    names.flatMap((name) => ["--header", `${name}: ${got.headers[name]}`]);

  it("prints the event of a Standard Webhooks request, and refuses it changed or under another secret (exit 1)", async () => {
    const { got, body, secret, webhookId } = await testRequest("standard");
    const flags = headerFlags(got, ["webhook-id", "webhook-timestamp", "webhook-signature"]);
    const run = await herald(["webhooks", "verify", ...flags, "--body", body, "--secret", secret]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ event: "test", data: { webhook_id: webhookId } });

    await writeFile(join(dir, "forged.json"), got.raw.toString().replace(webhookId, "wh_forged"));
    const forged = await herald([
      "webhooks",
      "verify",
      ...flags,
      "--body",
      join(dir, "forged.json"),
      "--secret",
      secret,
    ]);
    expect([forged.code, forged.error.error.code]).toEqual([1, "invalid_signature"]);
    const stranger = await herald(["webhooks", "verify", ...flags, "--body", body], {
      HERALD_WEBHOOK_SECRET: `whsec_${"A".repeat(40)}`,
    });
    expect([stranger.code, stranger.error.error.code]).toEqual([1, "invalid_signature"]);
  });

  it("prints the event of an X-Service-Signature request, the secret from $HERALD_WEBHOOK_SECRET", async () => {
    const { got, body, secret } = await testRequest("service");
    const run = await herald(["webhooks", "verify", ...headerFlags(got, ["x-service-signature"]), "--body", body], {
      HERALD_WEBHOOK_SECRET: secret,
    });
    expect(run.code).toBe(0);
    expect(run.json.id).toBe(got.headers["x-service-event-id"]);
  });

  it("is a usage error (exit 2) without a secret, without headers, or with a header that is not Name: value", async () => {
    const body = join(dir, "usage.json");
    await writeFile(body, "{}");
    const header = ["--header", "X-Service-Signature: t=1,v1=00"];
    for (const args of [
      [...header, "--body", body],
      ["--body", body, "--secret", "whsec_x"],
      ["--header", "no colon", "--body", body, "--secret", "whsec_x"],
    ]) {
      const run = await herald(["webhooks", "verify", ...args]);
      expect([run.code, run.error.error.code], JSON.stringify(args)).toEqual([2, "usage_error"]);
    }
  });
});
