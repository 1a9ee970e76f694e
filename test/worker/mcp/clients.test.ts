import type { ElicitRequestFormParams } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { agentUser, mcpClient, mcpToken, ok, refused, toolNames } from "../helpers/mcp";

type User = Awaited<ReturnType<typeof agentUser>>;
let studio: User;
let groupId: string;

const invitesOf = async (user: User) => (await api("GET", "/api/v1/client-invites", { key: user.key })).body.data;

async function groupOf(user: User, name: string) {
  const res = await api("POST", "/api/v1/account-groups", { key: user.key, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  studio = await agentUser("studio");
  groupId = await groupOf(studio, "Acme Bakery");
});

describe("create_client_invite", () => {
  it("without confirm answers what it would create and creates nothing", async () => {
    const mcp = await mcpClient({ key: studio.key });
    const answer = await ok(mcp, "create_client_invite", { groupId, platforms: ["instagram"], maxAccounts: 2 });
    expect(answer.status).toBe("confirmation_required");
    expect(answer.preview.summary).toBe(
      'Create an invite link into group "Acme Bakery" offering instagram, for up to 2 accounts, valid 7 days.',
    );
    expect(await invitesOf(studio)).toEqual([]);
  });

  it("with confirm: true creates the invite the REST API lists, its url shown once", async () => {
    const mcp = await mcpClient({ key: studio.key });
    const { status, result: invite } = await ok(mcp, "create_client_invite", {
      groupId,
      platforms: ["instagram", "facebook"],
      confirm: true,
    });
    expect(status).toBe("done");
    expect(invite).toMatchObject({ group_id: groupId, max_accounts: 5, state: "active", places_left: 5 });
    expect(invite.url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    const { url: _, ...listed } = invite;
    expect(await invitesOf(studio)).toContainEqual(listed);
    expect((await ok(mcp, "list_client_invites", { groupId })).invites).toContainEqual(listed);
  });

  it("an elicitation-capable client is asked, and a decline creates nothing", async () => {
    const before = (await invitesOf(studio)).length;
    const asked: ElicitRequestFormParams[] = [];
    const mcp = await mcpClient(
      { key: studio.key },
      {
        elicit: (params) => {
          asked.push(params);
          return { action: "decline" };
        },
      },
    );
    const answer = await ok(mcp, "create_client_invite", { groupId, platforms: ["linkedin"] });
    expect(answer.status).toBe("declined");
    expect(asked[0]?.message).toContain('group "Acme Bakery" offering linkedin');
    expect(await invitesOf(studio)).toHaveLength(before);
  });

  it("refuses what REST refuses, with the tool's names, before asking anything", async () => {
    const mcp = await mcpClient({ key: studio.key });
    expect(await refused(mcp, "create_client_invite", { groupId, platforms: ["mastodon"] })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "platforms.0" }],
    });
    expect(await refused(mcp, "create_client_invite", { groupId, platforms: ["x"], maxAccounts: 51 })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "maxAccounts" }],
    });
    const other = await agentUser("studio");
    const theirs = await groupOf(other, "Not yours");
    expect((await refused(mcp, "create_client_invite", { groupId: theirs, platforms: ["instagram"] })).code).toBe(
      "not_found",
    );
  });

  it("is left out for plans without invite links, and a call says why; listing stays, as over REST", async () => {
    const creator = await agentUser("creator");
    const mcp = await mcpClient({ key: creator.key });
    expect(toolNames(mcp)).not.toContain("create_client_invite");
    expect(toolNames(mcp)).toContain("list_client_invites");
    const refusal = await refused(mcp, "create_client_invite", { groupId, platforms: ["instagram"], confirm: true });
    expect(refusal.code).toBe("feature_disabled");
  });

  it("needs accounts:write; a token with accounts:read can only list", async () => {
    const token = await mcpToken(studio, "accounts:read agent:execute");
    const mcp = await mcpClient({ token });
    expect(toolNames(mcp)).toContain("list_client_invites");
    expect(toolNames(mcp)).not.toContain("create_client_invite");
    const refusal = await refused(mcp, "create_client_invite", { groupId, platforms: ["instagram"], confirm: true });
    expect(refusal).toMatchObject({ code: "insufficient_scope", scopes: ["accounts:write"] });
    expect(await invitesOf(studio)).toHaveLength(1);
  });
});
