import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../../src/lib/errors";
import { assertPublicUrl, publicUrlRefusal } from "../../../src/lib/ssrf";
import { api, connect, newUser } from "../helpers/api";

const refusal = (url: string, sandbox = false) => {
  try {
    assertPublicUrl(url, { sandbox, field: "target_url" });
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
};

const REFUSED: Record<string, string[]> = {
  "not https": ["http://example.com/hook", "ftp://example.com/hook", "ws://example.com/", "not a url"],
  loopback: [
    "https://127.0.0.1/",
    "https://127.1.2.3/",
    "https://localhost/",
    "https://LOCALHOST./",
    "https://a.localhost/",
  ],
  "private 10/8, 172.16/12, 192.168/16": [
    "https://10.0.0.1/",
    "https://10.255.255.255/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.1.1/",
  ],
  "link-local and metadata 169.254/16": ["https://169.254.169.254/latest/meta-data/", "https://169.254.0.1/"],
  "CGNAT 100.64/10": ["https://100.64.0.1/", "https://100.127.255.254/"],
  "0.0.0.0": ["https://0.0.0.0/", "https://0/", "https://0.0.0.0:8443/"],
  "IPv4 spelled in decimal, octal and hex": [
    "https://2130706433/",
    "https://0177.0.0.1/",
    "https://0x7f.0.0.1/",
    "https://0x7f000001/",
    "https://0x7f.1/",
    "https://127.1/",
    "https://017700000001/",
    "https://2852039166/",
    "https://0xa9.0xfe.0xa9.0xfe/",
    "https://012.0.0.1/",
    "https://3232235777/",
  ],
  "IPv6 loopback, unspecified, ULA, link-local, multicast": [
    "https://[::1]/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://[::]/",
    "https://[fc00::1]/",
    "https://[fd12:3456:789a::1]/",
    "https://[fe80::1]/",
    "https://[febf::1]/",
    "https://[ff02::1]/",
  ],
  "IPv6 forms that embed IPv4": [
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::ffff:10.0.0.1]/",
    "https://[::ffff:8.8.8.8]/",
    "https://[::127.0.0.1]/",
    "https://[64:ff9b::a00:1]/",
    "https://[2002:7f00:1::]/",
    "https://[2001:0:4136:e378::1]/",
  ],
  "names that are not public": [
    "https://printer.local/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://db.internal/",
    "https://intranet/",
    "https://router.home.arpa/",
  ],
};

const ALLOWED = [
  "https://example.com/hook",
  "https://hooks.example.com:8443/a?b=c",
  "https://8.8.8.8/",
  "https://172.15.255.255/",
  "https://172.32.0.1/",
  "https://100.63.255.255/",
  "https://100.128.0.1/",
  "https://192.169.0.1/",
  "https://169.253.0.1/",
  "https://[2606:4700:4700::1111]/",
  "https://cdn.example.com/a%20b%C3%A9.jpg",
  "https://example.com/feed?q=100%",
];

describe("the SSRF guard (src/lib/ssrf.ts)", () => {
  for (const [what, urls] of Object.entries(REFUSED)) {
    it(`refuses ${what}`, () => {
      for (const url of urls) {
        expect(refusal(url), url).toMatchObject({ status: 400, code: "validation_error" });
        expect(refusal(url)!.message, url).toMatch(/^target_url: must be a public https URL/);
        // Sandbox mode relaxes nothing but http://localhost and http://127.0.0.1.
        expect(refusal(url, true), `${url} (sandbox)`).not.toBeNull();
      }
    });
  }

  it("accepts public https URLs", () => {
    for (const url of ALLOWED) expect(refusal(url), url).toBeNull();
  });

  it("accepts http://localhost:<port> and http://127.0.0.1:<port> in sandbox mode only", () => {
    for (const url of ["http://localhost:8787/hook", "http://127.0.0.1:9000/"]) {
      expect(refusal(url, true), url).toBeNull();
      expect(refusal(url, false), url).not.toBeNull();
    }
    for (const url of [
      "https://localhost:8787/",
      "http://127.0.0.2:9000/",
      "http://[::1]:9000/",
      "http://10.0.0.1:80/",
      "http://example.com/",
      "http://printer.local:9000/",
    ]) {
      expect(refusal(url, true), url).not.toBeNull();
    }
  });

  it("names the parsed URL's reason, so a user sees why", () => {
    expect(refusal("https://0x7f.1/")!.message).toContain("loopback");
    expect(refusal("https://[::ffff:7f00:1]/")!.message).toContain("IPv4-mapped");
    expect(refusal("https://169.254.169.254/")!.message).toContain("metadata");
  });
});

describe("rule 14: the guard refuses every IPv6 form that embeds an IPv4 address, in every notation", () => {
  const FORMS: Record<string, string[]> = {
    "IPv4-translated ::ffff:0:0/96": [
      "https://[::ffff:0:127.0.0.1]/",
      "https://[::ffff:0:10.0.0.1]/",
      "https://[::ffff:0:7f00:1]/",
      "https://[0:0:0:0:ffff:0:a9fe:a9fe]/",
      "https://[0000:0000:0000:0000:FFFF:0000:C0A8:0101]/",
      "https://[::FFFF:0:192.168.1.1]/",
    ],
    "IPv4-mapped ::ffff:0:0/96": [
      "https://[::ffff:169.254.169.254]/",
      "https://[::ffff:a9fe:a9fe]/",
      "https://[0:0:0:0:0:ffff:a00:1]/",
      "https://[0000:0000:0000:0000:0000:ffff:7f00:0001]/",
    ],
    "IPv4-compatible ::/96": ["https://[::10.0.0.1]/", "https://[::a00:1]/", "https://[0:0:0:0:0:0:c0a8:101]/"],
    "NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48": [
      "https://[64:ff9b::10.0.0.1]/",
      "https://[64:ff9b::a9fe:a9fe]/",
      "https://[64:ff9b:0:0:0:0:7f00:1]/",
      "https://[64:ff9b:1::a00:1]/",
      "https://[64:ff9b:1:0:0:0:192.168.0.1]/",
    ],
    "6to4 2002::/16": ["https://[2002:a00:1::]/", "https://[2002:c0a8:101::1]/", "https://[2002:7f00:1:0:0:0:0:1]/"],
    "Teredo 2001::/32": ["https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", "https://[2001::f5ff:fffe]/"],
  };
  for (const [form, urls] of Object.entries(FORMS)) {
    it(`refuses ${form}`, () => {
      for (const url of urls) {
        expect(refusal(url), url).toMatchObject({ status: 400, code: "validation_error" });
        expect(refusal(url, true), `${url} (sandbox)`).not.toBeNull();
      }
    });
  }
});

describe("rule 15: URLs with credentials are refused", () => {
  it("refuses a user name, a password or both, whatever else the URL is", () => {
    for (const url of [
      "https://user:secret@example.com/hook",
      "https://user@example.com/hook",
      "https://:secret@example.com/hook",
      "https://user:secret@8.8.8.8/",
    ]) {
      expect(refusal(url)?.message, url).toBe(
        "target_url: must be a public https URL (credentials in the URL are not allowed)",
      );
    }
    expect(refusal("http://user:secret@localhost:9999/hook", true), "sandbox loopback").not.toBeNull();
  });

  it("refuses a webhook target with credentials with 400 naming target_url, and writes nothing", async () => {
    const user = await newUser("creator");
    const res = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: "https://user:secret@hooks.example.com/in", events: ["post.published"] },
    });
    expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "target_url",
    ]);
    expect(JSON.stringify(res.body)).not.toContain("secret@");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE user_id = ?")
      .bind(user.userId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});

describe("rule 16: URLs whose path cannot be decoded are refused", () => {
  it("refuses a % not followed by two hex digits, and escapes that are not UTF-8", () => {
    for (const url of [
      "https://cdn.example.com/a%ZZ.jpg",
      "https://cdn.example.com/a%.jpg",
      "https://cdn.example.com/%FF.png",
    ]) {
      expect(refusal(url)?.message, url).toMatch(/^target_url: must be a public https URL \(its path/);
    }
  });
});

describe("webhook target URLs", () => {
  it("refuses a private target with 400 naming target_url, and writes nothing", async () => {
    const user = await newUser("creator");
    for (const target of ["https://169.254.169.254/", "https://[::1]/", "https://2130706433/", "http://example.com/"]) {
      const res = await api("POST", "/api/v1/webhooks", {
        key: user.key,
        body: { target_url: target, events: ["post.published"] },
      });
      expect(res.status, target).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.issues[0].path).toBe("target_url");
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE user_id = ?")
      .bind(user.userId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses a private target on PATCH too, leaving the webhook as it was", async () => {
    const user = await newUser("creator");
    const created = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: "https://hooks.example.com/a", events: ["post.published"] },
    });
    const res = await api("PATCH", `/api/v1/webhooks/${created.body.data.id}`, {
      key: user.key,
      body: { target_url: "https://10.1.2.3/" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("target_url");
    const list = await api("GET", "/api/v1/webhooks", { key: user.key });
    expect(list.body.data[0].target_url).toBe("https://hooks.example.com/a");
  });

  it("accepts a local receiver in sandbox mode (tests run in sandbox mode)", async () => {
    const user = await newUser("creator");
    const res = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: "http://127.0.0.1:9999/hook", events: ["post.published"] },
    });
    expect(res.status).toBe(201);
  });
});

/**
 * IANA's special-purpose address registries (iana-ipv4-special-registry, iana-ipv6-special-registry), every block
 * whose "Globally Reachable" is False, with its first and last address (or one inside it): each is refused. A block
 * refused whole takes the more specific entries IANA marks reachable with it (protocol anycast addresses such as
 * 192.0.0.9 and 2001:1::1, which no web host answers on).
 */
const IANA_NOT_GLOBAL: Record<string, string[]> = {
  "0.0.0.0/8 this network": ["0.0.0.1", "0.255.255.255"],
  "10.0.0.0/8 private-use": ["10.0.0.0", "10.255.255.255"],
  "100.64.0.0/10 shared address space": ["100.64.0.0", "100.127.255.255"],
  "127.0.0.0/8 loopback": ["127.0.0.0", "127.255.255.255"],
  "169.254.0.0/16 link local": ["169.254.0.0", "169.254.255.255"],
  "172.16.0.0/12 private-use": ["172.16.0.0", "172.31.255.255"],
  "192.0.0.0/24 IETF protocol assignments (DS-Lite, dummy, NAT64 discovery, PCP and TURN anycast)": [
    "192.0.0.0",
    "192.0.0.8",
    "192.0.0.9",
    "192.0.0.170",
    "192.0.0.255",
  ],
  "192.0.2.0/24 documentation (TEST-NET-1)": ["192.0.2.0", "192.0.2.255"],
  "192.88.99.0/24 deprecated 6to4 relay anycast": ["192.88.99.1"],
  "192.168.0.0/16 private-use": ["192.168.0.0", "192.168.255.255"],
  "198.18.0.0/15 benchmarking": ["198.18.0.0", "198.19.255.255"],
  "198.51.100.0/24 documentation (TEST-NET-2)": ["198.51.100.0", "198.51.100.255"],
  "203.0.113.0/24 documentation (TEST-NET-3)": ["203.0.113.0", "203.0.113.255"],
  "240.0.0.0/4 reserved, and 255.255.255.255 limited broadcast": ["240.0.0.0", "255.255.255.254", "255.255.255.255"],
  "224.0.0.0/4 multicast (not unicast at all)": ["224.0.0.1", "239.255.255.255"],
  "::1/128 loopback": ["[::1]"],
  "::/128 unspecified": ["[::]"],
  "::ffff:0:0/96 IPv4-mapped": ["[::ffff:0:0]", "[::ffff:ffff:ffff]"],
  "64:ff9b:1::/48 IPv4-IPv6 translation, local use": ["[64:ff9b:1::]", "[64:ff9b:1:ffff:ffff:ffff:ffff:ffff]"],
  "100::/64 discard-only": ["[100::]", "[100::ffff:ffff:ffff:ffff]"],
  "100:0:0:1::/64 dummy IPv6 prefix (RFC 9780)": ["[100:0:0:1::]", "[100:0:0:1:ffff:ffff:ffff:ffff]"],
  "2001::/23 IETF protocol assignments (benchmarking, ORCHID, PCP/TURN anycast, AMT, drone remote ID…)": [
    "[2001:1::1]",
    "[2001:2::1]",
    "[2001:3::1]",
    "[2001:10::1]",
    "[2001:20::1]",
    "[2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff]",
  ],
  "2001:db8::/32 documentation": ["[2001:db8::]", "[2001:db8:ffff:ffff:ffff:ffff:ffff:ffff]"],
  "3fff::/20 documentation (RFC 9637)": ["[3fff::1]", "[3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff]"],
  "5f00::/16 segment routing SIDs (SRv6, RFC 9602)": ["[5f00::1]", "[5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff]"],
  "fc00::/7 unique local": ["[fc00::]", "[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]"],
  "fe80::/10 link-local": ["[fe80::]", "[febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff]"],
  "outside 2000::/3, where IANA assigns no global unicast": ["[4000::1]", "[1::1]", "[8000::1]", "[e000::1]"],
};

/** Public addresses next to those blocks, and blocks IANA marks globally reachable: each is allowed. */
const IANA_GLOBAL = [
  "9.255.255.255",
  "11.0.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "192.0.1.0",
  "192.0.3.0",
  "192.31.196.1",
  "192.52.193.1",
  "192.175.48.1",
  "198.17.255.255",
  "198.20.0.0",
  "223.255.255.255",
  "[2000::1]",
  "[2001:200::1]",
  "[2001:4860:4860::8888]",
  "[2001:db9::1]",
  "[2620:4f:8000::1]",
  "[3ffe:ffff::1]",
  "[3fff:1000::1]",
];

describe("the guard follows IANA's special-purpose registries (issue 39, item 14)", () => {
  for (const [block, hosts] of Object.entries(IANA_NOT_GLOBAL)) {
    it(`refuses ${block}`, () => {
      for (const host of hosts) {
        const url = `https://${host}/hook`;
        expect(refusal(url), url).toMatchObject({ status: 400, code: "validation_error" });
        expect(refusal(url, true), `${url} (sandbox)`).not.toBeNull();
      }
    });
  }

  it("allows the public addresses beside them and the blocks IANA marks globally reachable", () => {
    for (const host of IANA_GLOBAL) expect(refusal(`https://${host}/hook`), host).toBeNull();
  });

  it("names the documentation and SRv6 ranges in its reason", () => {
    expect(publicUrlRefusal("https://[3fff::1]/", { sandbox: false })).toContain("documentation");
    expect(publicUrlRefusal("https://[5f00::1]/", { sandbox: false })).toContain("SRv6");
  });

  it("refuses before any connection: a webhook, a feed and a post's media at those hosts are 400, nothing fetched", async () => {
    const user = await newUser("creator");
    const account = await connect(user.key, "bluesky");
    const fetch = vi.spyOn(globalThis, "fetch");
    for (const host of ["[3fff::1]", "[5f00::1]", "[2001:2::1]", "[100:0:0:1::1]"]) {
      const hook = await api("POST", "/api/v1/webhooks", {
        key: user.key,
        body: { target_url: `https://${host}/hook`, events: ["post.published"] },
      });
      expect([hook.status, hook.body.error.issues[0].path], host).toEqual([400, "target_url"]);
      const feed = await api("POST", "/api/v1/rss-feeds", {
        key: user.key,
        body: { url: `https://${host}/feed.xml`, account_ids: [account.id] },
      });
      expect([feed.status, feed.body.error.issues[0].path], host).toEqual([400, "url"]);
      const post = await api("POST", "/api/v1/posts", {
        key: user.key,
        body: {
          text: "media",
          platforms: [{ platform: "bluesky", account_id: account.id }],
          media: [{ type: "image", url: `https://${host}/a.png` }],
        },
      });
      expect([post.status, post.body.error.issues[0].path], host).toEqual([400, "media.0.url"]);
    }
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
    const rows = async (table: string) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`)
        .bind(user.userId)
        .first<{ n: number }>())!.n;
    expect([await rows("webhooks"), await rows("rss_feeds"), await rows("posts")]).toEqual([0, 0, 0]);
  });
});
