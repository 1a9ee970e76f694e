import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESEND_SEND_URL, sendMail } from "../../../src/services/mail";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const configured = () =>
  createRuntime({ ...env, RESEND_API_KEY: "re_test_key", MAIL_FROM: "Herald <team@herald.test>" });

describe("mail through Resend", () => {
  it("sends one mail with the key, the sender and base64 attachments, and answers Resend's id", async () => {
    const wire = scriptWorkerFetch([{ expect: `POST ${RESEND_SEND_URL}`, answer: json(200, { id: "re_mail_1" }) }]);
    const id = await sendMail(await configured(), {
      to: "ana@example.com",
      subject: "Your report",
      text: "Attached",
      attachments: [{ filename: "r.csv", contentType: "text/csv", content: new TextEncoder().encode("a,b") }],
    });
    expect(id).toBe("re_mail_1");
    expect(wire.sent[0]!.headers.authorization).toBe("Bearer re_test_key");
    expect(wire.sent[0]!.body).toEqual({
      from: "Herald <team@herald.test>",
      to: ["ana@example.com"],
      subject: "Your report",
      text: "Attached",
      attachments: [{ filename: "r.csv", content: btoa("a,b"), content_type: "text/csv" }],
    });
  });

  it("is 502 mail_failed when Resend refuses or cannot be reached, and times out", async () => {
    scriptWorkerFetch([
      { expect: `POST ${RESEND_SEND_URL}`, answer: json(422, { message: "Invalid `to` field" }) },
      { expect: `POST ${RESEND_SEND_URL}`, answer: "network-error" },
      { expect: `POST ${RESEND_SEND_URL}`, answer: "timeout" },
    ]);
    const rt = await configured();
    const mail = { to: "x@example.com", subject: "s", text: "t" };
    await expect(sendMail(rt, mail)).rejects.toMatchObject({ code: "mail_failed", status: 502 });
    await expect(sendMail(rt, mail)).rejects.toMatchObject({ code: "mail_failed" });
    await expect(sendMail(rt, mail)).rejects.toMatchObject({ code: "mail_failed" });
  });

  it("is 503 mail_not_configured without the secret, and sends nothing", async () => {
    const wire = scriptWorkerFetch([]);
    await expect(
      sendMail(await createRuntime(env), { to: "x@example.com", subject: "s", text: "t" }),
    ).rejects.toMatchObject({ code: "mail_not_configured", status: 503 });
    expect(wire.sent).toEqual([]);
  });

  it("has no sandbox mail list outside the sandbox", async () => {
    expect((await api("GET", "/api/v1/sandbox/emails")).status).toBe(404);
  });
});
