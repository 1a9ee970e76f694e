import { call } from "./server.mjs";

// Demo data for local runs: one user per plan with sandbox accounts, created through the sandbox API.
const PLANS = ["free", "creator", "studio", "pro", "agency"];

const DEMO_ACCOUNTS = [
  { platform: "twitter", name: "Demo on X", subscription_tier: "premium" },
  { platform: "bluesky", name: "Demo on Bluesky" },
  { platform: "linkedin", name: "Demo company page" },
  { platform: "instagram", name: "Demo on Instagram" },
  { platform: "mastodon", name: "Demo on Mastodon" },
  {
    platform: "telegram",
    name: "Demo Telegram bot",
    destinations: [
      { id: "@herald_news", label: "Herald news" },
      { id: "@herald_dev", label: "Herald dev" },
    ],
  },
];

/**
 * Signs each demo user in again (a fresh key each start) and connects accounts the first time, as many as the
 * plan holds (sandbox accounts count toward its limit like any other).
 */
export async function seedDemo(baseUrl) {
  const users = [];
  for (const plan of PLANS) {
    const user = await call(baseUrl, "POST", "/api/v1/sandbox/users", {
      plan,
      email: `demo+${plan}@herald.local`,
      name: `Demo ${plan}`,
    });
    if (user.created) {
      for (const account of DEMO_ACCOUNTS) {
        try {
          await call(baseUrl, "POST", "/api/v1/sandbox/accounts", account, user.api_key);
        } catch (error) {
          if (String(error.message).includes('"feature_disabled"')) break;
          throw error;
        }
      }
    }
    users.push(user);
  }
  return users;
}
