/**
 * The API reference's sections, in the order it shows them: every tag an operation carries is one of these, and
 * the OpenAPI document lists them with what each groups (the linters refuse an operation whose tag is not here).
 */
export const API_TAGS = [
  { name: "Posts", description: "Write, schedule, edit and delete posts across every connected account." },
  { name: "Review links", description: "Links that let a client approve or comment on a post before it goes out." },
  { name: "Posting slots", description: "The weekly times posts go out, and finding the next free one." },
  { name: "Signatures", description: "Text appended to a platform's post when its override names one." },
  { name: "Plugs", description: "A one-time repost or comment once a published post reaches a goal." },
  {
    name: "Scheduled-post automation",
    description: "A flow that listens for comments on a scheduled post from the moment it is published.",
  },
  {
    name: "Flows",
    description: "Automations on messaging accounts: create, generate, turn on and off, and read what they collected.",
  },
  { name: "Flow edits", description: "Change a flow step by step, and go back to a saved version." },
  { name: "RSS feeds", description: "Feeds whose new items become posts." },
  { name: "Analytics", description: "What posts and accounts did: impressions, likes, comments and reposts." },
  { name: "Accounts", description: "The social accounts a user has connected, and where each can post." },
  { name: "Connect", description: "Connect an account: through the platform's consent page, or with credentials." },
  { name: "Account groups", description: "Named groups of accounts, for a brand or a client." },
  {
    name: "Client invites",
    description: "Links that let a client connect their own accounts into one of your groups.",
  },
  {
    name: "Inbox",
    description: "Every comment and direct message of every connected account, answered from one place.",
  },
  { name: "Webhooks", description: "Signed HTTP calls to your endpoints when something happens, and the event log." },
  {
    name: "Notifications",
    description: "Messages for the user inside Herald: client connections, feed drafts, webhooks switched off.",
  },
  {
    name: "Members",
    description:
      "The people of a workspace and their roles (owner, admin, editor, viewer), invitations, and the workspace's settings.",
  },
  { name: "API keys", description: "Keys that call the API as their user, with every scope." },
  { name: "Links", description: "Short links Herald puts in published posts; following one counts a click." },
  {
    name: "Media",
    description:
      "The media library: files uploaded whole or resumably, read from their bytes, checked against each platform; public at unguessable addresses so platforms can fetch them.",
  },
  { name: "System", description: "The service's health and version." },
  {
    name: "Sandbox",
    description: "Test helpers, served only in sandbox mode: fake users, accounts, clock and faults.",
  },
] as const satisfies readonly { name: string; description: string }[];
