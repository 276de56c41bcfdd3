import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import { realmByName } from "./lookup.ts";

/** The realm's browserSecurityHeaders fields and the headers Keycloak sends for them. */
const HEADERS: [field: string, header: string][] = [
  ["contentSecurityPolicy", "content-security-policy"],
  ["contentSecurityPolicyReportOnly", "content-security-policy-report-only"],
  ["xFrameOptions", "x-frame-options"],
  ["xContentTypeOptions", "x-content-type-options"],
  ["xRobotsTag", "x-robots-tag"],
  ["xXSSProtection", "x-xss-protection"],
  ["strictTransportSecurity", "strict-transport-security"],
  ["referrerPolicy", "referrer-policy"],
];

const frameSources = new WeakMap<FastifyReply, string[]>();

/** Sources this reply's page frames (front-channel logout): added to the frame-src of the realm's policy, as Keycloak. */
export function allowFrameSources(reply: FastifyReply, sources: string[]): void {
  frameSources.set(reply, sources);
}

function withFrameSources(policy: string, sources: string[] | undefined): string {
  if (!sources?.length) return policy;
  const directives = policy.split(";").map((d) => d.trim());
  const index = directives.findIndex((d) => /^frame-src(\s|$)/i.test(d));
  if (index < 0) return policy;
  directives[index] = `${directives[index]} ${sources.join(" ")}`;
  return directives.join("; ").replace(/; $/, ";");
}

const REALM_PAGE = /^\/realms\/([^/?]+)\//;
/** keycloak-js frames these from any origin; Keycloak serves them allowing any frame ancestor, without the realm's headers. */
const SESSION_IFRAMES = /^\/realms\/[^/?]+\/protocol\/openid-connect\/(login-status-iframe\.html|3p-cookies\/)/;

/**
 * Every HTML page the server renders for a realm (login, registration, required actions, account, error pages)
 * carries the realm's browser security headers, as Keycloak sends them: a header whose value is empty is left out.
 */
export function registerBrowserSecurityHeaders(app: FastifyInstance, server: ServerContext): void {
  app.addHook("onSend", async (req, reply, payload) => {
    const match = REALM_PAGE.exec(req.url);
    if (!match || SESSION_IFRAMES.test(req.url)) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
    let name: string;
    try {
      name = decodeURIComponent(match[1]!);
    } catch {
      return payload;
    }
    const realm = realmByName(server.db, name);
    const configured = realm?.settings.browserSecurityHeaders as Record<string, unknown> | undefined;
    if (!configured) return payload;
    for (const [field, header] of HEADERS) {
      const value = configured[field];
      if (typeof value !== "string") continue;
      if (value.trim())
        reply.header(
          header,
          field === "contentSecurityPolicy" ? withFrameSources(value, frameSources.get(reply)) : value,
        );
      else reply.removeHeader(header);
    }
    return payload;
  });
}
