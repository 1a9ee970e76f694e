// Known crawlers and link-preview fetchers by their user agent: their visits of short links are not clicks.

/**
 * Words in the user agents of search crawlers, the platforms' link-preview fetchers (X's Twitterbot, Meta's
 * facebookexternalhit, LinkedInBot, Slackbot, Discordbot, TelegramBot, WhatsApp, Bluesky's Cardyb, Mastodon's
 * instance fetches, iMessage's preview with its Facebook-bot disguise) and HTTP libraries that fetch for scripts.
 */
const BOT_WORDS =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|facebot|embedly|iframely|whatsapp|cardyb|mastodon|pleroma|misskey|skypeuripreview|vkshare|pinterest|snapchat|google-inspectiontool|ia_archiver|curl\/|wget\/|python-requests|python-urllib|go-http-client|node-fetch|okhttp|axios\//i;

/** Whether a visit with this user agent comes from a crawler or a preview fetcher (no user agent: a script). */
export const isBot = (userAgent: string | null | undefined): boolean => !userAgent?.trim() || BOT_WORDS.test(userAgent);
