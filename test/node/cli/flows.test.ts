import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, heraldAs, newUser } from "./helpers";

const DESCRIPTION = 'Everyone who comments "GUIDE" gets https://example.com/guide; ask for their email';

describe("herald flows", () => {
  let key: string;
  let instagram: string;

  beforeAll(async () => {
    key = await newUser();
    instagram = (await connect(key, "instagram", { name: "cli.shop", platform_user_id: "ig-cli" })).id;
  });

  it("flows generate builds a flow from a description and prints it with its builder and credits", async () => {
    const run = await heraldAs(key, ["flows", "generate", "--description", DESCRIPTION, "--account-id", instagram]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.json).toMatchObject({ builder: "local", credits: { charged: 15 } });
    expect(run.json.flow).toMatchObject({ account_id: instagram, status: "draft", problems: [] });
    expect(run.json.flow).toEqual(await api("GET", `/api/v1/flows/${run.json.flow.id}`, key));
  });

  it("a handle on several accounts is refused (exit 1) until --platform-user-id chooses", async () => {
    const facebook = await connect(key, "facebook", { name: "cli.shop", platform_user_id: "fb-cli" });
    const ambiguous = await heraldAs(key, [
      "flows",
      "generate",
      "--description",
      DESCRIPTION,
      "--account-id",
      "cli.shop",
    ]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stdout).toBe("");
    expect(ambiguous.error).toMatchObject({
      status: 400,
      error: { code: "platform_user_id_required", message: "platform_user_id required" },
    });
    const chosen = await heraldAs(key, [
      "flows",
      "generate",
      "--description",
      DESCRIPTION,
      "--account-id",
      "cli.shop",
      "--platform-user-id",
      "fb-cli",
    ]);
    expect(chosen.code).toBe(0);
    expect(chosen.json.flow.account_id).toBe(facebook.id);
  });

  it("flows list and flows get (with --node) print what the API answers", async () => {
    const listed = await heraldAs(key, ["flows", "list", "--account-id", instagram]);
    expect(listed.code).toBe(0);
    expect(listed.json.length).toBeGreaterThan(0);
    expect(listed.json.every((f: { account_id: string }) => f.account_id === instagram)).toBe(true);
    const [first] = listed.json;
    const got = await heraldAs(key, ["flows", "get", first.id, "--node", "Reply"]);
    expect(got.code).toBe(0);
    expect(got.json.node).toMatchObject({ name: "Reply", type: "message" });
    const missing = await heraldAs(key, ["flows", "get", "flow_nope"]);
    expect(missing.code).toBe(1);
    expect(missing.error.error.code).toBe("not_found");
    const usage = await heraldAs(key, ["flows", "generate", "--account-id", instagram]);
    expect(usage.code).toBe(2);
    expect(usage.error.error.code).toBe("usage_error");
  });
});
