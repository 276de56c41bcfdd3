import { lookup, reverse } from "node:dns/promises";
import type { Condition } from "../types.ts";
import { configList } from "../types.ts";

const addressesOf = async (host: string) =>
  (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);

/** `::ffff:127.0.0.1` as the IPv4 address it carries. */
const plain = (address: string) => address.replace(/^::ffff:/, "");

/**
 * The request that registers or updates the client comes from one of `trusted-hosts`: a host name or address
 * resolved to addresses, or `*.domain` matched against the caller's reverse-resolved host name.
 */
export const clientUpdaterSourceHost: Condition = async (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return "ABSTAIN";
  const caller = plain(ctx.updater?.ipAddress ?? "");
  const trusted = configList(config, "trusted-hosts") ?? [];
  for (const host of trusted.filter((h) => !h.startsWith("*.")))
    if ((await addressesOf(host)).map(plain).includes(caller)) return "YES";
  const domains = trusted.filter((h) => h.startsWith("*.")).map((h) => h.slice(2));
  if (domains.length && caller) {
    const names = await reverse(caller).catch(() => [] as string[]);
    if (names.some((name) => domains.some((domain) => name.endsWith(domain)))) return "YES";
  }
  return "NO";
};
