import { env } from "cloudflare:test";
import { api } from "./api";
import { Browser, hiddenField } from "./browser";

/** Creates a review link on the post; fails the test on anything but 201. */
export async function createLink(key: string, postId: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", `/api/v1/posts/${postId}/review-links`, { key, body });
  if (res.status !== 201) throw new Error(`create review link: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; url: string; expires_at: string; created_at: string; [field: string]: any };
}

export const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

export async function requestApproval(key: string, postId: string) {
  const res = await api("POST", `/api/v1/posts/${postId}/request-approval`, { key });
  if (res.status !== 200) throw new Error(`request approval: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const getPost = async (key: string, postId: string) =>
  (await api("GET", `/api/v1/posts/${postId}`, { key })).body.data;

/** A client with a browser on a review link: opens the page, then submits its form as it was loaded. */
export class Reviewer {
  readonly browser = new Browser();
  page = "";
  constructor(readonly path: string) {}

  static forUrl(url: string) {
    return new Reviewer(new URL(url).pathname);
  }

  async open() {
    const res = await this.browser.fetch(this.path);
    this.page = await res.text();
    return { status: res.status, page: this.page, headers: res.headers };
  }

  /** Submits the form of the page last opened (its CSRF token and post version). */
  async submit(kind: string, fields: { reviewer_name?: string; comment?: string } = {}) {
    const res = await this.browser.post(this.path, {
      csrf: hiddenField(this.page, "csrf"),
      version: hiddenField(this.page, "version"),
      kind,
      reviewer_name: fields.reviewer_name ?? "",
      comment: fields.comment ?? "",
    });
    return { status: res.status, location: res.headers.get("location"), headers: res.headers, page: await res.text() };
  }
}

export async function decisionsCount(postId: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM review_decisions WHERE post_id = ?")
    .bind(postId)
    .first<{ n: number }>();
  return row!.n;
}

export async function notificationsOf(userId: string, kind = "review_decision") {
  const { results } = await env.DB.prepare(
    "SELECT message, data FROM notifications WHERE user_id = ? AND kind = ? ORDER BY created_at",
  )
    .bind(userId, kind)
    .all<{ message: string; data: string }>();
  return results.map((r) => ({ message: r.message, data: JSON.parse(r.data) }));
}
