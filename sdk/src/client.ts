import { type Credentials, type HeraldOptions, Http } from "./http.ts";
import { type AccountGroups, accountGroups } from "./resources/account-groups.ts";
import { type Accounts, accounts } from "./resources/accounts.ts";
import { type Analytics, analytics } from "./resources/analytics.ts";
import { type ApiKeys, apiKeys } from "./resources/api-keys.ts";
import { type ClientInvites, clientInvites } from "./resources/client-invites.ts";
import { type Flows, flows } from "./resources/flows.ts";
import { type Inbox, inbox } from "./resources/inbox.ts";
import { type MediaResource, media } from "./resources/media.ts";
import { type Members, members, type WorkspaceResource, workspace } from "./resources/members.ts";
import { type Plugs, plugs } from "./resources/plugs.ts";
import { type Posts, posts } from "./resources/posts.ts";
import { type ReportLinks, reportLinks } from "./resources/report-links.ts";
import { type ReportSchedules, reportSchedules } from "./resources/report-schedules.ts";
import { type ReviewLinks, reviewLinks } from "./resources/review-links.ts";
import { type RssFeeds, rssFeeds } from "./resources/rss-feeds.ts";
import { type Signatures, signatures } from "./resources/signatures.ts";
import { type Slots, slots } from "./resources/slots.ts";
import { type Webhooks, webhooks } from "./resources/webhooks.ts";

/**
 * The Herald API client. Methods answer the `data` of the API's `{ success, data }` envelope and throw
 * `HeraldError` for every answer that is not a 2xx.
 *
 *     const herald = new Herald({ apiKey: "sk_…" }, { baseUrl: "http://localhost:8787" });
 *     const accounts = await herald.accounts.list();
 */
export class Herald {
  /** Any route by path and method, typed from the OpenAPI document (for routes without a resource method yet). */
  readonly http: Http;
  readonly accounts: Accounts;
  readonly posts: Posts;
  readonly media: MediaResource;
  readonly signatures: Signatures;
  readonly apiKeys: ApiKeys;
  readonly slots: Slots;
  readonly plugs: Plugs;
  readonly rssFeeds: RssFeeds;
  readonly webhooks: Webhooks;
  readonly accountGroups: AccountGroups;
  readonly clientInvites: ClientInvites;
  readonly analytics: Analytics;
  readonly reportSchedules: ReportSchedules;
  readonly reportLinks: ReportLinks;
  readonly reviewLinks: ReviewLinks;
  readonly flows: Flows;
  readonly inbox: Inbox;
  readonly members: Members;
  readonly workspace: WorkspaceResource;

  constructor(credentials: Credentials, options: HeraldOptions) {
    const http = new Http(credentials, options);
    this.http = http;
    this.accounts = accounts(http);
    this.posts = posts(http);
    this.media = media(http);
    this.signatures = signatures(http);
    this.apiKeys = apiKeys(http);
    this.slots = slots(http);
    this.plugs = plugs(http);
    this.rssFeeds = rssFeeds(http);
    this.webhooks = webhooks(http);
    this.accountGroups = accountGroups(http);
    this.clientInvites = clientInvites(http);
    this.analytics = analytics(http);
    this.reportSchedules = reportSchedules(http);
    this.reportLinks = reportLinks(http);
    this.reviewLinks = reviewLinks(http);
    this.flows = flows(http);
    this.inbox = inbox(http);
    this.members = members(http);
    this.workspace = workspace(http);
  }
}
