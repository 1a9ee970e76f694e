// Every method of the TypeScript SDK, and the API operation (its OpenAPI operationId) it calls. A new SDK method must be
// listed here, and it must call the operation it is listed with: SDKs and agent tools name things from one source.
// A method that makes no request (verify) is listed with null.
import { expect, it } from "vitest";
import { Herald } from "../../sdk/src/index.ts";
import { createApp, openApiConfig } from "../../src/app";

type Call = (herald: Herald) => Promise<unknown>;

const SDK_OPERATIONS: Record<string, [operationId: string | null, call: Call]> = {
  "accounts.list": ["listConnectedAccounts", (h) => h.accounts.list()],
  "accounts.get": ["getConnectedAccount", (h) => h.accounts.get("acct_1")],
  "accounts.destinations": ["listDestinations", (h) => h.accounts.destinations("acct_1", { fresh: true })],
  "accounts.checkDestination": ["checkDestination", (h) => h.accounts.checkDestination("acct_1", "@news")],
  "accounts.whatsappTemplates": ["listWhatsAppTemplates", (h) => h.accounts.whatsappTemplates("acct_1")],
  "posts.create": ["createPost", (h) => h.posts.create({ text: "hi", platforms: [] })],
  "posts.dryRun": ["createPost", (h) => h.posts.dryRun({ text: "hi", platforms: [] })],
  "posts.bulk": ["createPostsBulk", (h) => h.posts.bulk([])],
  "posts.list": ["listPosts", (h) => h.posts.list()],
  "posts.page": ["listPosts", (h) => h.posts.page()],
  "posts.each": ["listPosts", (h) => h.posts.each().next()],
  "posts.get": ["getPost", (h) => h.posts.get("post_1")],
  "posts.update": ["updatePost", (h) => h.posts.update("post_1", { text: "hi" })],
  "posts.unschedule": ["unschedulePost", (h) => h.posts.unschedule("post_1")],
  "posts.delete": ["deletePost", (h) => h.posts.delete("post_1")],
  "media.upload": ["uploadMedia", (h) => h.media.upload(new Blob([new Uint8Array(4)]), { filename: "a.png" })],
  "media.list": ["listMedia", (h) => h.media.list()],
  "media.page": ["listMedia", (h) => h.media.page()],
  "media.get": ["getMediaItem", (h) => h.media.get("med_1")],
  "media.update": ["updateMedia", (h) => h.media.update("med_1", { alt_text: "a" })],
  "media.delete": ["deleteMedia", (h) => h.media.delete("med_1")],
  "media.uploadStatus": ["getMediaUpload", (h) => h.media.uploadStatus("upl_1")],
  "media.abortUpload": ["abortMediaUpload", (h) => h.media.abortUpload("upl_1")],
  "signatures.list": ["listSignatures", (h) => h.signatures.list()],
  "signatures.create": ["createSignature", (h) => h.signatures.create({ name: "n", text: "t" })],
  "signatures.update": ["updateSignature", (h) => h.signatures.update("sig_1", { text: "t" })],
  "signatures.delete": ["deleteSignature", (h) => h.signatures.delete("sig_1")],
  "reportSchedules.list": ["listReportSchedules", (h) => h.reportSchedules.list()],
  "reportSchedules.create": [
    "createReportSchedule",
    (h) => h.reportSchedules.create({ group_id: "grp_1", every: "week", format: "csv", to: ["a@example.com"] }),
  ],
  "reportSchedules.delete": ["deleteReportSchedule", (h) => h.reportSchedules.delete("rsc_1")],
  "reportLinks.list": ["listReportLinks", (h) => h.reportLinks.list()],
  "reportLinks.create": ["createReportLink", (h) => h.reportLinks.create({ group_id: "grp_1", days: 30 })],
  "reportLinks.revoke": ["revokeReportLink", (h) => h.reportLinks.revoke("rpl_1")],
  "apiKeys.list": ["listApiKeys", (h) => h.apiKeys.list()],
  "apiKeys.create": ["createApiKey", (h) => h.apiKeys.create("ci")],
  "apiKeys.revoke": ["revokeApiKey", (h) => h.apiKeys.revoke("key_1")],
  "slots.list": ["listPostingSlots", (h) => h.slots.list()],
  "slots.create": [
    "createPostingSlot",
    (h) => h.slots.create({ account_ids: ["acct_1"], weekday: 1, time: "09:30", timezone: "UTC" }),
  ],
  "slots.update": ["updatePostingSlot", (h) => h.slots.update("slot_1", { weekday: 2 })],
  "slots.delete": ["deletePostingSlot", (h) => h.slots.delete("slot_1")],
  "slots.occurrences": ["listSlotOccurrences", (h) => h.slots.occurrences({ from: "2030-01-01", to: "2030-01-07" })],
  "slots.next": ["findSlot", (h) => h.slots.next({ account_ids: ["acct_1"] })],
  "plugs.list": ["listPlugs", (h) => h.plugs.list("post_1")],
  "plugs.create": [
    "createPlug",
    (h) =>
      h.plugs.create("post_1", {
        account_id: "acct_1",
        trigger: { metric: "likes", threshold: 10 },
        action: { kind: "repost" },
      }),
  ],
  "plugs.delete": ["deletePlug", (h) => h.plugs.delete("post_1", "plug_1")],
  "rssFeeds.list": ["listRssFeeds", (h) => h.rssFeeds.list()],
  "rssFeeds.create": ["createRssFeed", (h) => h.rssFeeds.create({ url: "https://example.com/feed" } as never)],
  "rssFeeds.update": ["updateRssFeed", (h) => h.rssFeeds.update("rss_1", { daily_cap: 2 })],
  "rssFeeds.delete": ["deleteRssFeed", (h) => h.rssFeeds.delete("rss_1")],
  "rssFeeds.pause": ["pauseRssFeed", (h) => h.rssFeeds.pause("rss_1")],
  "rssFeeds.resume": ["pauseRssFeed", (h) => h.rssFeeds.resume("rss_1")],
  "webhooks.list": ["listWebhooks", (h) => h.webhooks.list()],
  "webhooks.create": ["createWebhook", (h) => h.webhooks.create({ target_url: "https://e.com", events: ["test"] })],
  "webhooks.update": ["updateWebhook", (h) => h.webhooks.update("wh_1", { active: true })],
  "webhooks.delete": ["deleteWebhook", (h) => h.webhooks.delete("wh_1")],
  "webhooks.test": ["sendTestEvent", (h) => h.webhooks.test("wh_1")],
  "webhooks.rotateSecret": ["rotateWebhookSecret", (h) => h.webhooks.rotateSecret("wh_1")],
  "webhooks.deliveries": ["listWebhookDeliveries", (h) => h.webhooks.deliveries("wh_1")],
  "webhooks.events": ["listWebhookEvents", (h) => h.webhooks.events()],
  // Checks a request on the receiving side: no operation, no request.
  "webhooks.verify": [null, (h) => h.webhooks.verify("{}", "t=1,v1=00", "whsec_x", { now: 1 }).catch(() => undefined)],
  "posts.requestApproval": ["requestPostApproval", (h) => h.posts.requestApproval("post_1")],
  "accountGroups.list": ["listAccountGroups", (h) => h.accountGroups.list()],
  "accountGroups.get": ["getAccountGroup", (h) => h.accountGroups.get("grp_1")],
  "accountGroups.create": ["createAccountGroup", (h) => h.accountGroups.create({ name: "Acme" })],
  "accountGroups.update": ["updateAccountGroup", (h) => h.accountGroups.update("grp_1", { name: "Acme" })],
  "accountGroups.delete": ["deleteAccountGroup", (h) => h.accountGroups.delete("grp_1")],
  "accountGroups.moveAccount": ["updateConnectedAccount", (h) => h.accountGroups.moveAccount("acct_1", "grp_1")],
  "clientInvites.create": [
    "createClientInvite",
    (h) => h.clientInvites.create({ group_id: "grp_1", platforms: ["instagram"] } as never),
  ],
  "clientInvites.list": ["listClientInvites", (h) => h.clientInvites.list({ groupId: "grp_1" })],
  "clientInvites.revoke": ["revokeClientInvite", (h) => h.clientInvites.revoke("inv_1")],
  "analytics.overview": ["getAnalyticsOverview", (h) => h.analytics.overview()],
  "analytics.post": ["getPostAnalytics", (h) => h.analytics.post("post_1")],
  "analytics.followers": ["getFollowerGrowth", (h) => h.analytics.followers("acct_1")],
  "analytics.links": ["getLinkClicks", (h) => h.analytics.links({ postId: "post_1" })],
  "analytics.bestTimes": ["getBestTimes", (h) => h.analytics.bestTimes("acct_1", { days: 90 })],
  "analytics.report": ["getAnalyticsReport", (h) => h.analytics.report({ groupId: "grp_1" })],
  "slots.fromBestTimes": [
    "createSlotsFromBestTimes",
    (h) => h.slots.fromBestTimes({ account_ids: ["acct_1"], count: 2 }),
  ],
  "posts.defaultUtm": ["getDefaultUtm", (h) => h.posts.defaultUtm()],
  "posts.setDefaultUtm": ["setDefaultUtm", (h) => h.posts.setDefaultUtm({ source: "{platform}" })],
  "reviewLinks.create": ["createReviewLink", (h) => h.reviewLinks.create("post_1")],
  "reviewLinks.list": ["listReviewLinks", (h) => h.reviewLinks.list("post_1")],
  "reviewLinks.revoke": ["revokeReviewLink", (h) => h.reviewLinks.revoke("post_1", "rvl_1")],
  "flows.list": ["listFlows", (h) => h.flows.list()],
  "flows.page": ["listFlows", (h) => h.flows.page()],
  "flows.each": ["listFlows", (h) => h.flows.each().next()],
  "flows.create": ["createFlow", (h) => h.flows.create({ name: "f", account_id: "acct_1" })],
  "flows.generate": ["generateFlow", (h) => h.flows.generate({ description: "d", account_id: "acct_1" })],
  "flows.credits": ["getAiCredits", (h) => h.flows.credits()],
  "flows.get": ["getFlow", (h) => h.flows.get("flow_1", { nodeId: "Hello" })],
  "flows.rename": ["updateFlow", (h) => h.flows.rename("flow_1", "n")],
  "flows.update": ["updateFlow", (h) => h.flows.update("flow_1", { ai_replies_per_day: 20 })],
  "flows.delete": ["deleteFlow", (h) => h.flows.delete("flow_1")],
  "flows.updateNode": ["updateFlowNode", (h) => h.flows.updateNode("flow_1", "step_1", { text: "t" })],
  "flows.addNode": ["addFlowNode", (h) => h.flows.addNode("flow_1", { type: "message" })],
  "flows.deleteNode": ["deleteFlowNode", (h) => h.flows.deleteNode("flow_1", "step_1")],
  "flows.addEdge": ["addFlowEdge", (h) => h.flows.addEdge("flow_1", { from: "a", to: "b" })],
  "flows.deleteEdge": ["deleteFlowEdge", (h) => h.flows.deleteEdge("flow_1", "edge_1")],
  "flows.revisions": ["listFlowRevisions", (h) => h.flows.revisions("flow_1")],
  "flows.revert": ["revertFlow", (h) => h.flows.revert("flow_1", "rev_1")],
  "flows.duplicate": ["duplicateFlow", (h) => h.flows.duplicate("flow_1")],
  "flows.activate": ["activateFlow", (h) => h.flows.activate("flow_1")],
  "flows.deactivate": ["deactivateFlow", (h) => h.flows.deactivate("flow_1")],
  "flows.executions": ["listFlowExecutions", (h) => h.flows.executions("flow_1", { status: "waiting_delay" })],
  "flows.executionsPage": ["listFlowExecutions", (h) => h.flows.executionsPage("flow_1")],
  "flows.eachExecution": ["listFlowExecutions", (h) => h.flows.eachExecution("flow_1").next()],
  "flows.stopExecution": ["stopFlowExecution", (h) => h.flows.stopExecution("flow_1", "exec_1")],
  "flows.updateContact": ["updateContact", (h) => h.flows.updateContact("acct_1", "u-1", { opted_out: true })],
  "flows.collectedData": ["getCollectedDataSummary", (h) => h.flows.collectedData("flow_1")],
  "flows.exportCollectedData": ["exportCollectedData", (h) => h.flows.exportCollectedData({ limit: 10 })],
  "flows.deleteCollectedItem": ["deleteCollectedItem", (h) => h.flows.deleteCollectedItem("item_1")],
  "flows.deleteCollectedData": ["deleteFlowCollectedData", (h) => h.flows.deleteCollectedData("flow_1")],
  "flows.automation.get": ["getPostAutomation", (h) => h.flows.automation.get("post_1")],
  "flows.automation.attach": [
    "attachPostAutomation",
    (h) => h.flows.automation.attach("post_1", { flow_id: "flow_1" } as never),
  ],
  "flows.automation.arm": ["armPostAutomation", (h) => h.flows.automation.arm("post_1", true)],
  "flows.automation.detach": ["detachPostAutomation", (h) => h.flows.automation.detach("post_1")],
  "members.list": ["listMembers", (h) => h.members.list()],
  "members.invite": ["inviteMember", (h) => h.members.invite({ email: "a@b.example", role: "editor" })],
  "members.update": ["updateMember", (h) => h.members.update("mem_1", { role: "viewer" })],
  "members.remove": ["removeMember", (h) => h.members.remove("mem_1")],
  "members.transferOwnership": ["transferOwnership", (h) => h.members.transferOwnership("mem_1")],
  "members.accept": ["acceptInvitation", (h) => h.members.accept("tok")],
  "workspace.get": ["getWorkspace", (h) => h.workspace.get()],
  "workspace.update": ["updateWorkspace", (h) => h.workspace.update({ name: "Northwind" })],
  "workspace.leave": ["leaveWorkspace", (h) => h.workspace.leave()],
  "inbox.list": ["listInbox", (h) => h.inbox.list({ status: "open" })],
  "inbox.page": ["listInbox", (h) => h.inbox.page()],
  "inbox.each": ["listInbox", (h) => h.inbox.each().next()],
  "inbox.get": ["getConversation", (h) => h.inbox.get("conv_1")],
  "inbox.update": ["updateConversation", (h) => h.inbox.update("conv_1", { status: "done" })],
  "inbox.hide": ["hideConversationComments", (h) => h.inbox.hide("conv_1")],
  "inbox.unhide": ["unhideConversationComments", (h) => h.inbox.unhide("conv_1", { message_id: "msg_1" })],
  "inbox.deleteComment": ["deleteConversationComment", (h) => h.inbox.deleteComment("conv_1", "msg_1")],
  "inbox.reply": ["replyToConversation", (h) => h.inbox.reply("conv_1", { text: "hi" }, { idempotencyKey: "k" })],
};

/** `group.method` for every method, descending into nested groups (`flows.automation.get`). */
const methodsOf = (prefix: string, resource: object): string[] =>
  Object.entries(resource).flatMap(([name, value]) =>
    typeof value === "function" ? [`${prefix}.${name}`] : methodsOf(`${prefix}.${name}`, value as object),
  );

const document = createApp().getOpenAPI31Document(openApiConfig) as unknown as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

/** The operation a request reaches: its method, and the path template its path fills. */
function operationOf(method: string, url: string): string | undefined {
  const { pathname } = new URL(url);
  for (const [template, operations] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    if (pattern.test(pathname)) return operations[method.toLowerCase()]?.operationId;
  }
  return undefined;
}

it("lists every SDK method with the operation it calls", () => {
  const herald = new Herald({ apiKey: "sk_test" }, { baseUrl: "https://herald.example" });
  const methods = Object.entries(herald).flatMap(([group, resource]) =>
    group === "http" ? [] : methodsOf(group, resource as object),
  );
  expect(methods.sort()).toEqual(Object.keys(SDK_OPERATIONS).sort());
});

const calls = Object.entries(SDK_OPERATIONS).map(([method, [operationId, call]]) => ({ method, operationId, call }));

it.each(calls)("$method calls $operationId", async ({ operationId, call }) => {
  const reached: string[] = [];
  const fetch = async (request: Request) => {
    reached.push(operationOf(request.method, request.url) ?? `${request.method} ${request.url} (no operation)`);
    return Response.json({ success: true, data: [], next_cursor: null });
  };
  await call(new Herald({ apiKey: "sk_test" }, { baseUrl: "https://herald.example", fetch }));
  expect(reached).toEqual(operationId === null ? [] : [operationId]);
});
