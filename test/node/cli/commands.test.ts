import { describe, expect, it } from "vitest";
import { baseUrl, herald, heraldAs, newUser } from "./helpers";

describe("herald, the command line", () => {
  it("herald --help lists every group and every command with its flags", async () => {
    const run = await herald(["--help"]);
    expect(run.code).toBe(0);
    for (const group of [
      "accounts",
      "posts",
      "slots",
      "plugs",
      "rss",
      "webhooks",
      "groups",
      "clients",
      "flows",
      "contacts",
      "inbox",
      "members",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${group} `, "m"));
    }
    for (const line of [
      "herald accounts list [--platform <platform>]",
      "herald accounts destinations <accountId> [--fresh] [--check <destination>]",
      "herald posts list [--status <status>] [--limit <n>]",
      "herald posts create [--text <text>] --platforms <json> [--schedule-type <type>] [--scheduled-at <iso>]",
      "[--media <json>] [--media-file <path>] [--alt <text>] [--video-cover <url|ms>] [--detached <platform>]",
      "[--thread <text>] [--first-comment <text>] [--next-slot] [--repeat-every <days>] [--repeat-times <n>]",
      "herald posts update <postId>",
      "herald slots list [--accounts <ids>]",
      "herald slots add --accounts <ids> --weekday <day> --time <HH:mm> [--timezone <zone>]",
      "herald slots remove <slotId>",
      "herald slots next --accounts <ids>",
      "herald plugs list <postId>",
      "herald plugs add <postId> --metric <metric> --threshold <n> --action <action> [--text <text>]",
      "herald rss list",
      "herald rss pause <feedId>",
      "herald rss resume <feedId>",
      "herald webhooks list",
      "herald webhooks verify [--header <name: value>] [--body <file>] [--secret <secret>] [--tolerance <seconds>]",
      "herald groups list",
      "herald groups create <name> [--accounts <ids>]",
      "herald groups delete <name> [--yes]",
      "herald clients invite <group> --platforms <list> [--max <n>] [--yes]",
      "herald clients invites [--group <group>]",
      "herald clients revoke <inviteId>",
      "herald flows generate --description <text> --account-id <id> [--platform-user-id <id>] [--iterate-on <flowId>]",
      "herald flows list [--account-id <id>] [--status <status>]",
      "herald flows get <flowId> [--node <idOrName>]",
      "herald flows runs <flowId> [--status <status>]",
      "herald flows stop <flowId> <executionId>",
      "herald contacts takeover <accountId> <contactId> [--minutes <n>]",
      "herald contacts opt-out <accountId> <contactId>",
      "herald contacts opt-in <accountId> <contactId>",
      "herald inbox list [--status <status>] [--kind <kind>] [--account-id <id>] [--platform <platform>]",
      "herald inbox show <conversationId>",
      "herald inbox reply <conversationId> --text <text> [--private] [--idempotency-key <key>]",
      "herald inbox done <conversationId> [--reopen]",
      "herald inbox assign <conversationId> <member>",
      "herald members list",
      "herald members invite <email> --role <role>",
      "herald members role <member> --role <role>",
      "herald members remove <member> [--yes]",
    ]) {
      expect(run.stdout).toContain(line);
    }
  });

  it("herald <group> --help lists the group's commands", async () => {
    const posts = await herald(["posts", "--help"]);
    expect(posts.code).toBe(0);
    for (const command of ["list", "get", "create", "update", "unschedule", "delete"]) {
      expect(posts.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    }
    const slots = await herald(["slots", "--help"]);
    expect(slots.stdout).toMatch(/^ {2}add /m);
    const create = await herald(["posts", "create", "--help"]);
    expect(create.stdout).toContain("--video-cover <url|ms>");
  });

  it("usage errors are exit 2 with JSON on stderr: unknown command, unknown flag, bad value, a group alone", async () => {
    for (const args of [
      ["nope"],
      ["posts", "list", "--nope"],
      ["posts", "list", "--limit", "zero"],
      ["posts", "list", "--status", "lost"],
      ["slots", "add", "--accounts", "acct_1", "--weekday", "someday", "--time", "09:00"],
      ["posts"],
    ]) {
      const run = await herald(args, { HERALD_API_KEY: "sk_unused", HERALD_BASE_URL: baseUrl });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.error.error.code).toBe("usage_error");
    }
  });

  it("without a credential it is exit 2 and says how to give one", async () => {
    const run = await herald(["accounts", "list"], { HERALD_BASE_URL: baseUrl });
    expect(run.code).toBe(2);
    expect(run.error.error).toMatchObject({
      code: "missing_credentials",
      message: expect.stringContaining("HERALD_API_KEY"),
    });
  });

  it("a refused credential is exit 1 with the API's code", async () => {
    const run = await herald(["accounts", "list"], { HERALD_API_KEY: "sk_wrong", HERALD_BASE_URL: baseUrl });
    expect(run.code).toBe(1);
    expect(run.error).toEqual({
      status: 401,
      error: {
        code: "invalid_api_key",
        message: "The API key is not valid or has been revoked",
        request_id: expect.any(String),
      },
    });
  });

  it("an unreachable service is exit 1 with network_error", async () => {
    const run = await herald(["accounts", "list"], { HERALD_API_KEY: "sk_x", HERALD_BASE_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(1);
    expect(run.error.error.code).toBe("network_error");
  });

  it("plugs add refuses without --yes when stdin is not a terminal, before sending anything", async () => {
    const key = await newUser();
    const run = await heraldAs(key, [
      "plugs",
      "add",
      "post_1",
      "--account",
      "acct_1",
      "--metric",
      "likes",
      "--threshold",
      "10",
      "--action",
      "repost",
    ]);
    expect(run.code).toBe(2);
    expect(run.error.error.code).toBe("confirmation_required");
    const comment = await heraldAs(key, [
      "plugs",
      "add",
      "post_1",
      "--metric",
      "likes",
      "--threshold",
      "5",
      "--action",
      "comment",
      "--yes",
    ]);
    expect(comment.code).toBe(2);
    expect(comment.error.error.message).toMatch(/^--text/);
  });
});
