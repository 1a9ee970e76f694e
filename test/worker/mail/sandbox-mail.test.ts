import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sendMail } from "../../../src/services/mail";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";

describe("mail in sandbox mode", () => {
  it("records each mail instead of sending it, and lists them oldest first with attachments by name and size", async () => {
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
        attachments: [{ filename: "report.csv", content_type: "text/csv", size: 8 }],
        at: expect.any(String),
      },
    ]);
    expect(Date.parse(all.body.data[0].at)).toBeGreaterThan(0);

    const one = await api("GET", "/api/v1/sandbox/emails?to=ana@example.COM");
    expect(one.body.data.map((m: { subject: string }) => m.subject)).toEqual(["You are invited"]);
  });

  it("refuses a blank address filter", async () => {
    const res = await api("GET", "/api/v1/sandbox/emails?to=");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });
});
