// The sandbox's consent page, standing in for every platform's, and the identities it makes.
import { pkceChallenge, randomBase64Url } from "../lib/crypto";
import type { Runtime } from "../services/runtime";
import type { PlatformKey } from "./catalog";
import { SandboxAdapter } from "./sandbox";
import { type OAuthConnection, type PlatformCredentials, PlatformError } from "./types";

/**
 * The consent page of a platform in sandbox mode (`/sandbox/consent`), standing in for every platform's own:
 * the person types the name of the identity they consent as, and the same name on the same platform is the same
 * identity. Its code carries that name and the PKCE challenge, so the exchange checks the verifier as a platform
 * would. Faults set through `/api/v1/sandbox/faults` make the exchange fail.
 */
export const sandboxConsentUrl = (rt: Runtime) => `${rt.config.public_base_url}/sandbox/consent`;

/** The identity a name stands for on a platform: names differing only in case or surrounding spaces are one. */
export const sandboxIdentityOf = (name: string) => `sandbox:${name.trim().toLowerCase()}`;

interface Grant {
  name: string;
  challenge: string;
}

const encode = (grant: Grant) => btoa(JSON.stringify(grant)).replaceAll("+", "-").replaceAll("/", "_");

function decode(code: string): Grant | undefined {
  try {
    const grant = JSON.parse(atob(code.replaceAll("-", "+").replaceAll("_", "/")));
    return typeof grant?.name === "string" && typeof grant?.challenge === "string" ? grant : undefined;
  } catch {
    return undefined;
  }
}

/** The code the sandbox consent page hands back when the person allows. */
export const sandboxConsentCode = (name: string, challenge: string) => encode({ name: name.trim(), challenge });

export function sandboxConsentConnection(rt: Runtime, platform: PlatformKey): OAuthConnection {
  return {
    kind: "oauth",
    requiredEnv: [],
    authorizationUrl: ({ state, codeChallenge, redirectUri }) =>
      `${sandboxConsentUrl(rt)}?${new URLSearchParams({
        platform,
        state,
        redirect_uri: redirectUri,
        code_challenge: codeChallenge,
      })}`,
    async exchangeCode({ code, codeVerifier }): Promise<PlatformCredentials> {
      await new SandboxAdapter(rt, platform).failIfFaulted();
      const grant = decode(code);
      if (!grant || grant.challenge !== (await pkceChallenge(codeVerifier))) {
        throw new PlatformError("refused", "the sandbox consent code is not valid for this connection");
      }
      return { accessToken: `sandbox_${randomBase64Url(24)}`, sandboxName: grant.name };
    },
    async identify(credentials) {
      const name = String(credentials.sandboxName);
      return { platformUserId: sandboxIdentityOf(name), name, subscriptionTier: null };
    },
  };
}
