// Checks the redirect URIs of an OAuth client registration before the library sees them.
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Checks a registration's redirect URIs before the library sees them (RFC 7591 `invalid_redirect_uri`):
 * each must be https, or http on a loopback host, with no fragment; `javascript:` and `data:` never.
 * Returns what is wrong, or null.
 */
export function checkRedirectUris(body: unknown): string | null {
  const uris = (body as { redirect_uris?: unknown } | null)?.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return "redirect_uris must list at least one URI";
  for (const raw of uris) {
    let url: URL;
    try {
      url = new URL(String(raw));
    } catch {
      return `${String(raw)} is not a URI`;
    }
    if (url.hash || String(raw).includes("#")) return `${url.href}: a redirect URI must not have a fragment`;
    if (url.protocol === "https:") continue;
    if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) continue;
    if (url.protocol === "http:") return `${url.href}: http is allowed only on loopback hosts`;
    return `${url.href}: scheme ${url.protocol} is not allowed`;
  }
  return null;
}
