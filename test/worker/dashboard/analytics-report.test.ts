// Issue 45, the dashboard's Download CSV/PDF: the analytics page's form answers the client report of its period as
// the API's report route answers it, for every account, the account shown or a client group; refusals change nothing.
import { exports } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { connect, newUser } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { open, signedInUser } from "../helpers/dashboard";
import { group } from "../helpers/invites";
import { pdfText } from "../helpers/pdf";
import { resetClock } from "../helpers/posts";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let client: { id: string; name: string };
let x: { id: string };
beforeAll(async () => {
  owner = await signedInUser("agency"); // the clock at Saturday 2030-06-01 08:00 UTC
  client = await group(owner.key, "Acme Bakery");
  x = await connect(owner.key, "twitter", { name: "Acme on X", group_id: client.id });
  const other = await connect(owner.key, "bluesky", { name: "Not the client's" });
  await publishAt(owner.key, "2030-05-20T10:00:00Z", [{ platform: "twitter", account_id: x.id }], "Bread");
  await publishAt(owner.key, "2030-05-21T10:00:00Z", [{ platform: "bluesky", account_id: other.id }], "Other");
  await resetClock(owner.key);
});

const downloaded = (query: string) => owner.browser.fetch(`/dashboard/analytics/report?${query}`);
const apiReport = (query: string) =>
  exports.default.fetch(
    new Request(`http://herald.test/api/v1/analytics/report?${query}`, { headers: { "x-api-key": owner.key } }),
  );

describe("the analytics page's client report", () => {
  it("offers the report of the period shown, for every account or a client group, as CSV or PDF", async () => {
    const { page } = await open(owner.browser, "/dashboard/analytics?period=30");
    const form = page
      .slice(page.indexOf('<form method="get" action="/dashboard/analytics/report"'))
      .split("</form>")[0]!;
    expect(form).toContain('<input type="hidden" name="period" value="30">');
    expect(form).toContain('<option value="">Every account</option>');
    expect(form).toContain(`<option value="${client.id}">Acme Bakery</option>`);
    expect(form).toContain('<button type="submit" name="format" value="csv">Download CSV</button>');
    expect(form).toContain('<button type="submit" name="format" value="pdf">Download PDF</button>');
    const shown = (await open(owner.browser, `/dashboard/analytics?period=7&account=${x.id}`)).page;
    expect(shown).toContain(`<input type="hidden" name="account" value="${x.id}">`);
    expect(shown).toContain('<option value="">The account shown</option>');
  });

  it("a group's CSV is the API's report of the period's days, byte for byte", async () => {
    const res = await downloaded(`period=30&group=${client.id}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="report 2030-05-03 2030-06-02.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csv = await res.text();
    expect(csv).toBe(await (await apiReport(`from=2030-05-03&to=2030-06-01&group_id=${client.id}&format=csv`)).text());
    expect(csv).toContain('"Bread"');
    expect(csv).not.toContain('"Other"');
  });

  it("the account shown, and every account, as the PDF the API draws", async () => {
    const one = await downloaded(`period=30&account=${x.id}&group=&format=csv`);
    const fromApi = await apiReport(`from=2030-05-03&to=2030-06-01&account_ids=${x.id}&format=csv`);
    expect(await one.text()).toBe(await fromApi.text());

    const res = await downloaded("period=30&group=&format=pdf");
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    const route = await PDFDocument.load(
      new Uint8Array(await (await apiReport("from=2030-05-03&to=2030-06-01&format=pdf")).arrayBuffer()),
    );
    expect(pdf.getTitle()).toMatch(/ analytics report, 2030-05-03 to 2030-06-01$/);
    expect(pdfText(pdf)).toBe(pdfText(route));
    expect(pdfText(pdf)).toContain("Other");
  });

  it("refuses another workspace's group (404), a format it has not (400), and anyone signed out", async () => {
    const other = await newUser("agency");
    const theirs = await group(other.key, "Not yours");
    const refused = await downloaded(`period=30&group=${theirs.id}&format=csv`);
    expect([refused.status, refused.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    expect((await downloaded(`period=30&account=${theirs.id}&format=csv`)).status).toBe(404);
    expect((await downloaded("period=30&format=xlsx")).status).toBe(400);
    const signedOut = await new Browser().fetch(`/dashboard/analytics/report?period=30&format=csv`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/signin\?next=/);
  });
});
