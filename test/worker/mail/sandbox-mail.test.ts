import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sendMail } from "../../../src/services/mail";
import { createRuntime } from "../../../src/services/runtime";
import { api, newUser } from "../helpers/api";

describe("mail in sandbox mode", () => {
  it("records each mail instead of sending it, and lists them oldest first with their attachments", async () => {
    const rt = await createRuntime(env);
    expect(await sendMail(rt, { to: "Ana@Example.com", subject: "You are invited", text: "Open the link" })).toBeNull();
    await sendMail(rt, {
      to: "bo@example.com",
      subject: "Your report",
      text: "Attached",
      attachments: [
        { filename: "report.csv", contentType: "text/csv", content: new TextEncoder().encode("a,b\n1,2\n") },
      ],
    });

    const all = await api("GET", "/api/v1/sandbox/emails");
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      {
        to: "Ana@Example.com",
        subject: "You are invited",
        text: "Open the link",
        attachments: [],
        at: expect.any(String),
      },
      {
        to: "bo@example.com",
        subject: "Your report",
        text: "Attached",
        attachments: [
          { filename: "report.csv", content_type: "text/csv", size: 8, content_base64: btoa("a,b\n1,2\n") },
        ],
        at: expect.any(String),
      },
    ]);
    expect(Date.parse(all.body.data[0].at)).toBeGreaterThan(0);

    const one = await api("GET", "/api/v1/sandbox/emails?to=ana@example.COM");
    expect(one.body.data.map((m: { subject: string }) => m.subject)).toEqual(["You are invited"]);
  });

  it("fails the next sends as mail_failed while a mail fault is armed, recording none of them", async () => {
    const user = await newUser();
    const armed = await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "mail", mode: "timeout", count: 1 },
    });
    expect([armed.status, armed.body.data]).toEqual([200, { platform: "mail", mode: "timeout", count: 1, after: 0 }]);
    const rt = await createRuntime(env);
    const mail = { to: "faulted@example.com", subject: "s", text: "t" };
    await expect(sendMail(rt, mail)).rejects.toMatchObject({ code: "mail_failed", status: 502 });
    expect(await sendMail(await createRuntime(env), mail)).toBeNull();
    const recorded = await api("GET", "/api/v1/sandbox/emails?to=faulted@example.com");
    expect(recorded.body.data).toHaveLength(1);
  });

  it("refuses a blank address filter", async () => {
    const res = await api("GET", "/api/v1/sandbox/emails?to=");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });
});
