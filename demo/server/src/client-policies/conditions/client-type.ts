import type { Condition } from "../types.ts";
import { configList } from "../types.ts";

/**
 * The client's protocol is `protocol` (openid-connect or saml): on REGISTER the protocol sent, else the stored
 * client's. A client without one is an OpenID Connect client.
 */
export const clientType: Condition = (ctx, config) => {
  const rep = ctx.event === "REGISTER" ? ctx.proposed : ctx.client?.rep;
  if (!rep) return "ABSTAIN";
  const protocol = typeof rep.protocol === "string" && rep.protocol ? rep.protocol : "openid-connect";
  return (configList(config, "protocol") ?? []).includes(protocol) ? "YES" : "NO";
};
