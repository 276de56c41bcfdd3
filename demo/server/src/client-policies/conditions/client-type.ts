import type { Condition } from "../types.ts";
import { configList } from "../types.ts";

/** A protocol as Keycloak reads a client's: none is openid-connect. */
const protocolOf = (rep: Record<string, unknown>) =>
  typeof rep.protocol === "string" && rep.protocol ? rep.protocol : "openid-connect";

/**
 * The client's protocol is `protocol` (openid-connect or saml), as Keycloak 26.7.3's client-type: on REGISTER the
 * protocol sent (none: openid-connect); with a client, its stored protocol, or on UPDATE the protocol the update sends
 * (only when it names one); without a client it abstains.
 */
export const clientType: Condition = (ctx, config) => {
  const wanted = configList(config, "protocol") ?? [];
  if (ctx.event === "REGISTER") return ctx.proposed && wanted.includes(protocolOf(ctx.proposed)) ? "YES" : "NO";
  if (!ctx.client) return "ABSTAIN";
  if (wanted.includes(protocolOf(ctx.client.rep))) return "YES";
  const proposed = ctx.event === "UPDATE" ? ctx.proposed?.protocol : undefined;
  return typeof proposed === "string" && wanted.includes(proposed) ? "YES" : "NO";
};
