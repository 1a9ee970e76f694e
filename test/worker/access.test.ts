import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { createRoute, z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";
import { TOOLS_BY_NAME } from "../../src/mcp/catalog";
import { SCOPES } from "../../src/services/auth/auth";
import { rolesAllowing } from "../../src/services/roles";
import { type Access, accessTable, bodyOf, exampleOf, type Ids, namesAThing, urlOf } from "./helpers/access";
import { api, connect } from "./helpers/api";
import { inbound, inboundTaken } from "./helpers/flow-runs";
import { readyFlow } from "./helpers/flows";
import { group, invite } from "./helpers/invites";
import { agentUser, call, MCP_URL, mcpClient, mcpToken, refused } from "./helpers/mcp";
import { png, uploaded } from "./helpers/media";
import { accessTokenFor } from "./helpers/oauth-client";
import { createPost, FUTURE, resetClock } from "./helpers/posts";
import { createLink } from "./helpers/reviews";
import { joined } from "./helpers/teams";
import { addWebhook, emit } from "./helpers/webhooks";

/**
 * Every operation's access, generated from the app's own route list and each operation's declared security: no
 * credential is 401 `unauthorized`, an OAuth token without the declared scope is 403 `insufficient_scope`, and another
 * workspace's id in the path is 404 `not_found`. A new route is in the table the moment it is declared; the agent
 * tools get the same table from `tools/list`.
 */

/** What is served under /api/v1 but is no operation: the API reference page and the OpenAPI document itself. */
const NOT_OPERATIONS = ["GET /api/v1/docs", "GET /api/v1/openapi.json"];

const REST_SCOPES = SCOPES.filter((s) => !s.startsWith("agent:"));

type Fetch = (request: Request) => Promise<Response>;
type User = Awaited<ReturnType<typeof agentUser>>;

/** The caller whose credentials are refused, and the other workspace whose ids it names. */
let caller: User;
let foreign: Ids;
/** Keys of members of the caller's workspace below admin, by role. */
let roleKeys: Record<"editor" | "viewer", string>;
const ARTICLE: Record<string, string> = { editor: "an", viewer: "a" };

/** Required query parameters that are not ids: a value the operation accepts. */
const QUERY = { from: "2030-06-01T00:00:00.000Z", to: "2030-06-02T00:00:00.000Z" };

/** Tool inputs that pick what the call does, set so that the call reaches the id it names. */
const TOOL_INPUTS: Record<string, Record<string, unknown>> = { manage_posting_slots: { action: "remove" } };

/** Another workspace with one of each thing a path can name, by the names `thingOf` gives them. */
async function otherWorkspace(): Promise<Ids> {
  const other = await agentUser("agency");
  const key = other.key;
  await resetClock(key);
  const account = await connect(key, "twitter");
  const post = await createPost(key, {
    text: "Theirs",
    platforms: [{ platform: "twitter", account_id: account.id }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
  const plug = await api("POST", `/api/v1/posts/${post.id}/plugs`, {
    key,
    body: { account_id: account.id, trigger: { metric: "likes", threshold: 5 }, action: { kind: "repost" } },
  });
  const instagram = await connect(key, "instagram");
  const flow = await readyFlow(key, instagram.id);
  const into = await group(key, "Theirs");
  const invited = await invite(key, { group_id: into.id, platforms: ["instagram"] });
  const hook = await addWebhook(key, { target_url: "https://hooks.example.com/theirs", events: ["post.published"] });
  const [eventId] = await emit(key, "post.published", { postId: post.id });
  const slot = await api("POST", "/api/v1/posting-slots", {
    key,
    body: { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" },
  });
  const signature = await api("POST", "/api/v1/signatures", { key, body: { name: "s", text: "t" } });
  const reportSchedule = await api("POST", "/api/v1/report-schedules", {
    key,
    body: { group_id: into.id, every: "week", format: "csv", to: ["client@example.com"] },
  });
  const reportLink = await api("POST", "/api/v1/report-links", { key, body: { group_id: into.id } });
  const feed = await api("POST", "/api/v1/rss-feeds", {
    key,
    body: { url: "http://127.0.0.1:9/theirs.xml", account_ids: [account.id] },
  });
  const media = await uploaded(key, await png(), { filename: "theirs.png" });
  const upload = await api("POST", "/api/v1/media/uploads", {
    key,
    body: { filename: "clip.mp4", content_type: "video/mp4", size: 6 * 1024 * 1024 },
  });
  const link = await createLink(key, post.id);
  const keys = await api("GET", "/api/v1/api-keys", { key });
  await inbound(key, { account_id: instagram.id, kind: "comment", id: "c-theirs", sender_id: "fan", text: "hi" });
  await inboundTaken(instagram.id, "c-theirs");
  const inbox = await api("GET", "/api/v1/inbox", { key });
  const ids: Ids = {
    "api-keys": keys.body.data[0].id,
    "connected-accounts": account.id,
    accounts: account.id,
    accountId: account.id,
    "account-groups": into.id,
    invite_id: invited.id,
    posts: post.id,
    plug_id: plug.body.data.plug_id,
    linkId: link.id,
    media: media.id,
    uploadId: upload.body.data.upload_id,
    flows: flow.id,
    nodeId: flow.nodes?.[1]?.id ?? "Reply",
    edgeId: flow.edges?.[0]?.id ?? "edge_theirs",
    // No run, contact or answer of theirs exists yet: ids of nothing, behind their flow's or account's id.
    executionId: "exec_theirs",
    contactId: "contact_theirs",
    "collected-data": "item_theirs",
    "rss-feeds": feed.body.data.id,
    "posting-slots": slot.body.data.id,
    signatures: signature.body.data.id,
    "report-schedules": reportSchedule.body.data.id,
    "report-links": reportLink.body.data.id,
    webhooks: hook.id,
    eventId: eventId!,
    conversationId: inbox.body.data[0]?.id,
    messageId: (await api("GET", `/api/v1/inbox/${inbox.body.data[0]?.id}`, { key })).body.data?.messages[0]?.id,
    members: (await api("GET", "/api/v1/members", { key })).body.data[0]?.id,
  };
  const missing = Object.entries(ids).filter(([, id]) => typeof id !== "string" || id === "");
  if (missing.length > 0) throw new Error(`the other workspace lacks ${missing.map(([name]) => name).join(", ")}`);
  return ids;
}

const tokens = new Map<string, Promise<string>>();
/** An OAuth token of the caller holding every REST scope but `lacking`. */
const tokenWithout = (lacking: readonly string[]) => {
  const scope = REST_SCOPES.filter((s) => !lacking.includes(s)).join(" ");
  if (!tokens.has(scope)) tokens.set(scope, accessTokenFor(caller, scope));
  return tokens.get(scope)!;
};

const send = (fetch: Fetch, access: Access, url: string, headers: Record<string, string>) => {
  const { body, type } = bodyOf(access, document);
  return fetch(
    new Request(`http://herald.test${url}`, {
      method: access.method,
      headers: { ...headers, ...(type ? { "content-type": type } : {}) },
      body,
    }),
  );
};

/** What the answer was, against what it should have been, or nothing when it was right. */
async function judged(answer: Response, status: number, code: string): Promise<string | undefined> {
  const text = await answer.text();
  let got: string | undefined;
  try {
    got = JSON.parse(text)?.error?.code;
  } catch {
    got = undefined;
  }
  return answer.status === status && got === code ? undefined : `${answer.status} ${got ?? text.slice(0, 80)}`;
}

/**
 * The three refusals of every operation that needs a credential, as `fetch` answers them: each wrong answer named
 * by its operation, what it should have been and what it was. Empty when every operation refuses as it must.
 */
async function accessFailures(fetch: Fetch, table: readonly Access[]): Promise<string[]> {
  const failures: string[] = [];
  for (const access of table) {
    if (access.scopes === null) continue;
    const name = `${access.operationId} (${access.method} ${access.path})`;
    const url = urlOf(access, foreign, QUERY);
    const anonymous = await judged(await send(fetch, access, url, {}), 401, "unauthorized");
    if (anonymous) failures.push(`${name} without a credential: want 401 unauthorized, got ${anonymous}`);
    if (access.scopes.length > 0) {
      const token = await tokenWithout(access.scopes);
      const answer = await send(fetch, access, url, { authorization: `Bearer ${token}` });
      const unscoped = await judged(answer, 403, "insufficient_scope");
      if (unscoped) failures.push(`${name} without ${access.scopes}: want 403 insufficient_scope, got ${unscoped}`);
    }
    // A member whose role does not allow the operation's scopes is 403 insufficient_role (whatever their key holds);
    // one whose role allows them is never refused by role.
    if (access.scopes.length > 0) {
      const allowed = rolesAllowing(access.scopes as (typeof SCOPES)[number][]);
      for (const [role, key] of Object.entries(roleKeys)) {
        if (allowed.includes(role as "editor")) {
          if (!namesAThing(access)) continue;
          const answer = await send(fetch, access, url, { "x-api-key": key });
          const theirs = await judged(answer, 404, "not_found");
          if (theirs)
            failures.push(
              `${name} as ${ARTICLE[role]} ${role}, another workspace's ids: want 404 not_found, got ${theirs}`,
            );
        } else {
          const answer = await send(fetch, access, url, { "x-api-key": key });
          const byRole = await judged(answer, 403, "insufficient_role");
          if (byRole) failures.push(`${name} as ${ARTICLE[role]} ${role}: want 403 insufficient_role, got ${byRole}`);
        }
      }
    }
    if (namesAThing(access)) {
      const answer = await send(fetch, access, url, { "x-api-key": caller.key });
      const theirs = await judged(answer, 404, "not_found");
      if (theirs) failures.push(`${name} with another workspace's ids: want 404 not_found, got ${theirs}`);
    }
  }
  return failures;
}

const app = createApp();
const document = app.getOpenAPI31Document(openApiConfig) as any;
const TABLE = accessTable(document);
const toWorker: Fetch = (request) => exports.default.fetch(request);

beforeAll(async () => {
  caller = await agentUser("agency");
  await resetClock(caller.key);
  const owner = { key: caller.key, id: caller.userId };
  roleKeys = {
    editor: (await joined(owner, "editor")).workspaceKey,
    viewer: (await joined(owner, "viewer")).workspaceKey,
  };
  foreign = await otherWorkspace();
});

describe("every REST operation's access, from its declaration", () => {
  it("walks every route the app serves under /api/v1: each is an operation of the document", () => {
    const served = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/v1/"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`)
      .filter((route) => !NOT_OPERATIONS.includes(route));
    const documented = new Set(TABLE.map((a) => `${a.method} ${a.path}`));
    expect([...new Set(served)].filter((route) => !documented.has(route))).toEqual([]);
    expect(TABLE.filter((a) => a.scopes !== null).length).toBeGreaterThan(100);
    expect(TABLE.filter(namesAThing).length).toBeGreaterThan(60);
  });

  it("no credential is 401, a token without the scope 403, another workspace's id 404: for every operation", async () => {
    expect(await accessFailures(toWorker, TABLE)).toEqual([]);
  }, 300_000);
});

describe("the test bites", () => {
  it("a planted route that forgets its scope check and its owner check fails it, by name", async () => {
    const planted = createApp();
    // Declared as `authedRoute("posts:write", …)` declares, without the middleware that enforces it.
    const route = createRoute({
      operationId: "plantedWithoutChecks",
      method: "delete",
      path: "/api/v1/planted/{id}",
      summary: "Planted",
      tags: ["Posts"],
      security: [{ ApiKey: [] }, { OAuth2: ["posts:write"] }] as Array<Record<string, string[]>>,
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: { description: "Done", content: { "application/json": { schema: z.object({}) } } } },
    });
    planted.openapi(route, (c) => c.json({}, 200));
    foreign.planted = foreign.posts!;
    const table = accessTable(planted.getOpenAPI31Document(openApiConfig) as any).filter(
      (a) => a.operationId === "plantedWithoutChecks",
    );
    const fetch: Fetch = async (request) => {
      const ctx = createExecutionContext();
      const answer = await planted.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return answer;
    };
    const failures = await accessFailures(fetch, table);
    expect(failures).toEqual([
      "plantedWithoutChecks (DELETE /api/v1/planted/{id}) without a credential: want 401 unauthorized, got 200 {}",
      "plantedWithoutChecks (DELETE /api/v1/planted/{id}) without posts:write: want 403 insufficient_scope, got 200 {}",
      "plantedWithoutChecks (DELETE /api/v1/planted/{id}) as an editor, another workspace's ids: want 404 not_found, got 200 {}",
      "plantedWithoutChecks (DELETE /api/v1/planted/{id}) as a viewer: want 403 insufficient_role, got 200 {}",
      "plantedWithoutChecks (DELETE /api/v1/planted/{id}) with another workspace's ids: want 404 not_found, got 200 {}",
    ]);
  });
});

describe("every agent tool's access, from tools/list", () => {
  it("no credential is 401; a token without the tool's scopes is refused insufficient_scope; another workspace's id is not_found", async () => {
    // Tools behind a gradual rollout (or the export's admins-first gate) are listed, and walked, only once it reaches
    // the caller: all the way, here.
    const rollouts = Object.fromEntries(
      [...TOOLS_BY_NAME.values()].flatMap((t) => (t.rollout ? [[t.rollout, 100]] : [])),
    );
    await api("PATCH", "/api/v1/sandbox/config", {
      key: caller.key,
      body: { rollouts, export_collected_data_rollout: "all" },
    });
    const withKey = await mcpClient({ key: caller.key });
    const failures: string[] = [];
    let probedIds = 0;
    const anonymous = await fetch401();
    if (anonymous) failures.push(`/mcp without a credential: want 401 unauthorized, got ${anonymous}`);
    for (const tool of withKey.tools) {
      const declared = TOOLS_BY_NAME.get(tool.name)!;
      const schema = tool.inputSchema as { properties?: Record<string, any> };
      const args = { ...(exampleOf(tool.inputSchema, document) as object), ...TOOL_INPUTS[tool.name] };
      if (declared.scopes.length > 0) {
        const lacking = await mcpClient({ token: await toolTokenWithout(declared.scopes) });
        const refusal = await refused(lacking, tool.name, args).catch((e: Error) => ({ code: e.message }));
        if (refusal.code !== "insufficient_scope") {
          failures.push(`${tool.name} without ${declared.scopes}: want insufficient_scope, got ${refusal.code}`);
        }
      }
      const required = new Set<string>((tool.inputSchema as { required?: string[] }).required ?? []);
      const ids = Object.keys(schema.properties ?? {}).filter((p) => /Id$/.test(p) && foreignIdOf(p));
      const always = ids.filter((p) => required.has(p));
      const confirm = schema.properties?.confirm ? { confirm: true } : {};
      for (const id of ids.filter((p) => !required.has(p) || p === always[0])) {
        const named = [...new Set([...always, id])];
        probedIds++;
        const theirs = await answerOf(withKey, tool.name, { ...args, ...confirm }, named, foreignIdOf);
        const never = await answerOf(withKey, tool.name, { ...args, ...confirm }, named, (p) => `${p}_never`);
        if (!theirs.refused && !never.refused) {
          // A filter (`accountId` on a list): another workspace's id must find what an unknown one finds.
          if (theirs.said !== never.said) failures.push(`${tool.name} with another workspace's ${named} finds more`);
        } else if (theirs.said !== never.said || !["not_found", "validation_error"].includes(theirs.code)) {
          failures.push(
            `${tool.name} with another workspace's ${named}: want not_found (or the refusal of an id that never was), got ${theirs.said} against ${never.said}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Every declared tool is listed to a full key, so the walk above reached each of them.
    expect(withKey.tools.map((t) => t.name).sort()).toEqual([...TOOLS_BY_NAME.keys()].sort());
    expect(withKey.tools.length).toBeGreaterThan(30);
    expect(probedIds).toBeGreaterThan(20);
  }, 300_000);
});

/** A tool input's id (`postId`, `flowId`, `accountId`, …) as the other workspace's thing. */
function foreignIdOf(property: string): string | undefined {
  const thing = property.slice(0, -2);
  const byThing: Record<string, string> = {
    post: "posts",
    flow: "flows",
    account: "accountId",
    feed: "rss-feeds",
    slot: "posting-slots",
    group: "account-groups",
    invite: "invite_id",
    plug: "plug_id",
    media: "media",
    node: "nodeId",
    edge: "edgeId",
    item: "collected-data",
  };
  return foreign[byThing[thing] ?? thing];
}

/**
 * A tool's answer with the inputs `named` set by `idOf`, with every id and time replaced by a placeholder: so the
 * answers to another workspace's ids and to ids that never were can be compared.
 */
async function answerOf(
  mcp: Awaited<ReturnType<typeof mcpClient>>,
  name: string,
  args: Record<string, unknown>,
  named: string[],
  idOf: (property: string) => string | undefined,
) {
  const values = named.map((p) => [p, idOf(p)!] as const);
  const { data, isError } = await call(mcp, name, { ...args, ...Object.fromEntries(values) });
  let said = JSON.stringify(data);
  for (const [property, value] of values) said = said.replaceAll(value, `<${property}>`);
  said = said.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>");
  return { refused: isError, code: (data as { code?: string })?.code ?? "", said };
}

const toolTokens = new Map<string, Promise<string>>();
/** An agent token of the caller holding every scope but `lacking` (and `agent:execute`, which every tool needs). */
const toolTokenWithout = (lacking: readonly string[]) => {
  const scope = SCOPES.filter((s) => !lacking.includes(s)).join(" ");
  if (!toolTokens.has(scope)) toolTokens.set(scope, mcpToken(caller, scope));
  return toolTokens.get(scope)!;
};

async function fetch401() {
  const answer = await exports.default.fetch(
    new Request(MCP_URL, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    }),
  );
  return judged(answer, 401, "unauthorized");
}
