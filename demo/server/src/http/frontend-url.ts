import type { FastifyRequest } from "fastify";
import type { ServerConfig, ServerContext } from "../context.ts";

/** A host with an optional port: a DNS name, IPv4, or a bracketed IPv6 address. Anything else is ignored. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

interface RequestOrigin {
  scheme: string;
  /** Host name without the port. */
  host: string;
  port?: string;
}

const firstValue = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() || undefined;

const validScheme = (value: string | undefined) => (value && /^https?$/i.test(value) ? value.toLowerCase() : undefined);

export function splitHost(value: string | undefined): { host: string; port?: string } | undefined {
  if (!value || !HOST.test(value)) return undefined;
  const match = /^(.*?)(?::(\d+))?$/.exec(value)!;
  return { host: match[1]!.toLowerCase(), port: match[2] };
}

/** RFC 7239's first Forwarded element: `for=…;host=…;proto=…`. */
function forwardedElement(header: string | string[] | undefined): Record<string, string> {
  const element = firstValue(header) ?? "";
  const pairs = element.split(";").map((pair) => pair.split("=").map((part) => part.trim()));
  return Object.fromEntries(
    pairs.filter((pair) => pair.length === 2).map(([k, v]) => [k!.toLowerCase(), v!.replace(/^"(.*)"$/, "$1")]),
  );
}

/** Scheme, host and port the client used: from the connection and Host, or from the proxy's headers when trusted. */
function requestOrigin(config: ServerConfig, req: FastifyRequest): RequestOrigin {
  const direct = splitHost(firstValue(req.headers.host)) ?? { host: config.host, port: String(config.port) };
  const origin: RequestOrigin = { scheme: "http", ...direct };
  if (config.proxyHeaders === "xforwarded") {
    const host = splitHost(firstValue(req.headers["x-forwarded-host"]));
    const scheme = validScheme(firstValue(req.headers["x-forwarded-proto"]));
    const port = firstValue(req.headers["x-forwarded-port"]);
    if (scheme) origin.scheme = scheme;
    if (host) Object.assign(origin, { host: host.host, port: host.port });
    if (port && /^\d{1,5}$/.test(port)) origin.port = port;
  } else if (config.proxyHeaders === "forwarded") {
    const element = forwardedElement(req.headers.forwarded);
    const host = splitHost(element.host);
    const scheme = validScheme(element.proto);
    if (scheme) origin.scheme = scheme;
    if (host) Object.assign(origin, { host: host.host, port: host.port });
  }
  return origin;
}

function formatOrigin({ scheme, host, port }: RequestOrigin): string {
  return `${scheme}://${host}${port && port !== DEFAULT_PORTS[scheme] ? `:${port}` : ""}`;
}

/**
 * The server's frontend URL for this request (no trailing slash), which every URL the server hands out
 * starts with: issuer, discovery, redirects, Location headers, the console's environment. As Keycloak 26's
 * hostname v2: a full `--hostname` URL is used as is; a bare host name keeps the request's scheme and port;
 * without `--hostname` it all follows the request. Proxy headers count only with `--proxy-headers`.
 */
export function frontendUrl(server: ServerContext, req: FastifyRequest): string {
  const { hostname } = server.config;
  if (hostname?.includes("://")) return hostname;
  const origin = requestOrigin(server.config, req);
  return formatOrigin(hostname ? { ...origin, host: hostname } : origin);
}
