import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { PolicyContext, RegistrationPolicy } from "./policies.ts";
import { PolicyRefusal } from "./policies.ts";

type Config = Record<string, string[]>;

/** Keycloak reads both switches as true unless set to something other than "true". */
const flag = (config: Config, key: string) => {
  const value = config[key]?.[0];
  return value === undefined || value.toLowerCase() === "true";
};
const entries = (config: Config) => config["trusted-hosts"] ?? [];
const hostsOf = (config: Config) => entries(config).filter((name) => !name.startsWith("*."));

function inTrustedDomain(hostname: string, trusted: string): boolean {
  if (!trusted.startsWith("*.")) return hostname === trusted;
  const domain = trusted.slice(2);
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

const isTrustedName = (host: string, config: Config) =>
  hostsOf(config).includes(host) || entries(config).some((trusted) => inTrustedDomain(host, trusted));

const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
const isLoopback = (address: string) => /^127\./.test(address) || address === "::1";

/**
 * The caller is trusted when a trusted host resolves to its address, or (for a loopback caller, which Keycloak names
 * `localhost`) when `localhost` falls in a trusted domain. Names of other callers are not looked up in DNS here.
 */
async function callerTrusted(remoteAddress: string, config: Config): Promise<boolean> {
  const address = plainAddress(remoteAddress);
  for (const host of hostsOf(config)) {
    const resolved =
      isIP(host) !== 0
        ? [host]
        : await lookup(host, { all: true }).then(
            (all) => all.map((a) => a.address),
            () => [],
          );
    if (resolved.map(plainAddress).includes(address)) return true;
  }
  return isLoopback(address) && entries(config).some((trusted) => inTrustedDomain("localhost", trusted));
}

async function verifyHost(ctx: PolicyContext, config: Config): Promise<void> {
  if (!flag(config, "host-sending-registration-request-must-match")) return;
  if (!(await callerTrusted(ctx.remoteAddress, config))) throw new PolicyRefusal("Host not trusted.");
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  } catch {
    return undefined;
  }
}

const absolute = (root: string | undefined, url: string | undefined) =>
  url === undefined ? undefined : !url.startsWith("/") ? url : root ? root + url : undefined;

/** Root, base and admin URLs and every redirect URI (relative ones against the root URL) must name trusted hosts. */
function verifyClientUrls(ctx: PolicyContext, config: Config): void {
  if (!flag(config, "client-uris-must-match")) return;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const root = text(ctx.client.rootUrl);
  const urls = [root, absolute(root, text(ctx.client.baseUrl)), absolute(root, text(ctx.client.adminUrl))];
  for (const url of urls) {
    if (url === undefined) continue;
    const host = hostOf(url);
    if (host === undefined) throw new PolicyRefusal("URL is malformed");
    if (!isTrustedName(host, config)) throw new PolicyRefusal("URL doesn't match any trusted host or trusted domain");
  }
  const redirects = Array.isArray(ctx.client.redirectUris) ? (ctx.client.redirectUris as unknown[]) : [];
  for (const redirect of redirects) {
    const uri = absolute(root, text(redirect));
    if (uri === undefined) continue;
    const host = hostOf(uri);
    if (host === undefined || !isTrustedName(host, config))
      throw new PolicyRefusal("URI doesn't match any trusted host or trusted domain");
  }
}

/** Keycloak's "Trusted Hosts" policy (trusted-hosts). */
export const trustedHostPolicy: RegistrationPolicy = {
  async beforeRegister(ctx, config) {
    await verifyHost(ctx, config);
    verifyClientUrls(ctx, config);
  },
  async beforeUpdate(ctx, _existing, config) {
    await verifyHost(ctx, config);
    verifyClientUrls(ctx, config);
  },
  beforeView: verifyHost,
  beforeDelete: verifyHost,
};
