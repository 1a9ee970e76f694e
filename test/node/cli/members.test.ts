// Issue 43 through the command line: herald members list|invite|role|remove against the running service.
import { beforeAll, describe, expect, it } from "vitest";
import { Herald, HeraldError } from "../../../sdk/src/index.ts";
import { api, baseUrl, heraldAs, newUser } from "./helpers";

let key: string;

const emailOf = (name: string) => `${name}-${crypto.randomUUID()}@herald.test`;
const listed = async () => (await api("GET", "/api/v1/members", key)) as { email: string; role: string }[];

/** The invitation link's token in the sandbox's last mail to `email`. */
async function mailedToken(email: string) {
  const mails = await api("GET", `/api/v1/sandbox/emails?to=${encodeURIComponent(email)}`);
  return /\/join\/([A-Za-z0-9_-]+)/.exec(mails.at(-1).text)![1]!;
}

/** The invited person accepts over HTTP, as the invitation mail says. */
async function accept(email: string) {
  const person = await api("POST", "/api/v1/sandbox/users", undefined, { plan: "free", email });
  await api("POST", "/api/v1/invitations/accept", person.api_key, { token: await mailedToken(email) });
}

beforeAll(async () => {
  key = await newUser("studio");
});

describe("herald members", () => {
  it("invite prints the link once; list shows it; role changes it by email; remove asks, then removes", async () => {
    const ana = emailOf("ana");
    const invited = await heraldAs(key, ["members", "invite", ana, "--role", "editor"]);
    expect(invited.code).toBe(0);
    expect(invited.json).toMatchObject({
      id: expect.stringMatching(/^mem_/),
      email: ana,
      role: "editor",
      status: "invited",
      invite_url: expect.stringMatching(/\/join\/[A-Za-z0-9_-]{40,}$/),
    });
    const all = await heraldAs(key, ["members", "list"]);
    expect(all.code).toBe(0);
    expect(all.json.map((m: any) => [m.role, m.status])).toEqual([
      ["owner", "active"],
      ["editor", "invited"],
    ]);

    await accept(ana);
    const changed = await heraldAs(key, ["members", "role", ana.toUpperCase(), "--role", "viewer"]);
    expect(changed.code).toBe(0);
    expect(changed.json).toMatchObject({ email: ana, role: "viewer", status: "active" });

    const unasked = await heraldAs(key, ["members", "remove", ana]);
    expect(unasked.code).toBe(2);
    expect(unasked.error.error.code).toBe("confirmation_required");
    expect((await listed()).map((m) => m.email)).toContain(ana);
    const removed = await heraldAs(key, ["members", "remove", invited.json.id, "--yes"]);
    expect(removed.code).toBe(0);
    expect(removed.json).toEqual({ id: invited.json.id, deleted: true });
    expect((await listed()).map((m) => m.email)).not.toContain(ana);
  });

  it("refuses on the command line what the API would (the owner's role, no role: exit 2, nothing sent), and says the API's refusals (exit 1)", async () => {
    const before = await listed();
    for (const args of [
      ["members", "invite", emailOf("olga"), "--role", "owner"],
      ["members", "invite", emailOf("olga")],
    ]) {
      const run = await heraldAs(key, args);
      expect(run.code, args.join(" ")).toBe(2);
    }
    expect(await listed()).toEqual(before);

    const nobody = await heraldAs(key, ["members", "remove", "nobody@herald.test", "--yes"]);
    expect(nobody.code).toBe(1);
    expect(nobody.error.error.code).toBe("not_found");

    // Studio has 3 seats: the owner and two invitations; a third is the API's 403 seat_limit.
    for (const name of ["bo", "cy"]) {
      expect((await heraldAs(key, ["members", "invite", emailOf(name), "--role", "viewer"])).code).toBe(0);
    }
    const over = await heraldAs(key, ["members", "invite", emailOf("di"), "--role", "viewer"]);
    expect(over.code).toBe(1);
    expect(over.error.error.code).toBe("seat_limit");
  });
});

describe("the TypeScript SDK's members and workspace groups", () => {
  it("invites, accepts as the invited person, changes the role, removes; the owner cannot leave", async () => {
    const owner = new Herald({ apiKey: await newUser("studio") }, { baseUrl });
    await owner.workspace.update({ name: "Northwind" });
    const email = emailOf("eve");
    const invited = await owner.members.invite({ email, role: "editor" });
    expect(invited).toMatchObject({ email, role: "editor", status: "invited" });

    const person = await api("POST", "/api/v1/sandbox/users", undefined, { plan: "free", email });
    const eve = new Herald({ apiKey: person.api_key }, { baseUrl });
    expect(await eve.members.accept(await mailedToken(email))).toMatchObject({ role: "editor" });
    expect(await owner.members.update(invited.id, { role: "viewer" })).toMatchObject({ role: "viewer" });
    expect((await owner.members.list()).map((m) => [m.email, m.role])).toContainEqual([email, "viewer"]);

    const refused = await owner.workspace.leave().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HeraldError);
    expect((refused as HeraldError).code).toBe("last_owner");
    expect(await owner.members.remove(invited.id)).toEqual({ id: invited.id, deleted: true });
    expect((await owner.workspace.get()).seats.used).toBe(1);
  });
});
