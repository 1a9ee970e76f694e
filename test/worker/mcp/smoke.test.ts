import { describe, expect, it } from "vitest";
import { connect, newUser } from "../helpers/api";
import { mcpClient, ok } from "../helpers/mcp";

describe("smoke", () => {
  it("lists accounts over MCP", async () => {
    const user = await newUser("creator");
    await connect(user.key, "bluesky");
    const client = await mcpClient({ key: user.key });
    const tools = await client.listTools();
    console.log(tools.tools.map((t) => t.name));
    console.log(
      JSON.stringify(tools.tools.find((t) => t.name === "create_scheduled_post")?.inputSchema).slice(0, 3000),
    );
    const data = await ok(client, "list_accounts");
    expect(data.accounts).toHaveLength(1);
    const modern = await mcpClient({ key: user.key }, { modern: true });
    expect((await ok(modern, "list_accounts")).accounts).toHaveLength(1);
  });
});
