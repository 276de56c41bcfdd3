import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { catalog } from "./catalog.ts";
import { features, isFeatureEnabled, profileInfo } from "./features.ts";
import { cpuInfo, cryptoInfo, memoryInfo, systemInfo } from "./system-info.ts";
import { tokenRealmName } from "./token-realm.ts";
import { isAnyAdmin } from "./admin-check.ts";
import { forbidden } from "../../http/errors.ts";
import { catalogWithUiPages } from "./ui-pages.ts";

const MASTER_REALM = "master";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 27);

/** The catalog is one object for the server's lifetime: hashed once. */
const catalogHashes = new WeakMap<object, string>();
function catalogHash(data: object): string {
  let hash = catalogHashes.get(data);
  if (!hash) catalogHashes.set(data, (hash = sha256(JSON.stringify(data))));
  return hash;
}

/**
 * A weak ETag over what server info says about the server's build and set-up (versions, features, providers,
 * themes, ...), leaving out the figures that change on every call (memory, uptime, server time). A client whose
 * copy still describes the same server gets 304 and keeps its copy, runtime figures from when it was fetched.
 */
function stableEtag(info: Record<string, unknown>, catalogData: object): string {
  const { memoryInfo: _memory, systemInfo: system, ...rest } = info;
  const {
    serverTime: _time,
    uptime: _uptime,
    uptimeMillis: _millis,
    ...stableSystem
  } = (system as Record<string, unknown> | undefined) ?? {};
  const own = Object.fromEntries(Object.entries(rest).filter(([key]) => !(key in catalogData)));
  return `W/"${sha256(JSON.stringify({ ...own, systemInfo: stableSystem }) + catalogHash(catalogData))}"`;
}

const namesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(",").some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2)) ?? false;

/**
 * GET /admin/serverinfo for an administrator of any realm (403 for anyone else). As in Keycloak 26,
 * system, CPU and memory details go only to realm managers of the master realm;
 * managers of other realms see just the version.
 */
export async function registerServerInfoRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/serverinfo", async (req, reply) => {
    const ctx = await adminContext(server, req, tokenRealmName(req) ?? MASTER_REALM);
    if (!(await isAnyAdmin(server, req, ctx))) throw forbidden();
    const runtime: Record<string, unknown> = {};
    if (ctx.has("manage-realm")) {
      if (ctx.authRealm.realm === MASTER_REALM)
        Object.assign(runtime, {
          systemInfo: systemInfo(server.config.reportedVersion),
          cpuInfo: cpuInfo(),
          memoryInfo: memoryInfo(),
        });
      else runtime.systemInfo = { version: server.config.reportedVersion };
    }
    const catalogData = isFeatureEnabled("DECLARATIVE_UI", server.config.features)
      ? catalogWithUiPages(catalog())
      : catalog();
    const info = {
      ...runtime,
      profileInfo: profileInfo(server.config.features),
      features: features(server.config.features),
      cryptoInfo: cryptoInfo(),
      ...catalogData,
    };
    const etag = stableEtag(info, catalogData);
    reply.header("cache-control", "private, no-cache").header("etag", etag);
    if (namesEtag(req.headers["if-none-match"], etag)) return reply.status(304).send();
    return info;
  });
}
