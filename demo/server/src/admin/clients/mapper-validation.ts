import type { ClientRecord, ProtocolMapperRecord } from "../../store/types.ts";
import { HttpError, webError } from "../../http/errors.ts";
import { catalog } from "../server-info/catalog.ts";
import type { ScopeOwner } from "./scope-owner.ts";

const PAIRWISE = "oidc-sha256-pairwise-sub-mapper";
const SECTOR_IDENTIFIER = "sectorIdentifierUri";

let knownTypes: Set<string> | undefined;

/** Every protocolMapper id server info lists, whatever the protocol: Keycloak looks the provider up by id alone. */
function isKnownType(type: unknown): boolean {
  knownTypes ??= new Set(Object.values(catalog().protocolMapperTypes).flatMap((types) => types.map((t) => t.id)));
  return typeof type === "string" && knownTypes.has(type);
}

/** Keycloak's ErrorResponseException for a ProtocolMapperConfigException: 400 with error and error_description. */
const configError = (message: string) => new HttpError(400, { error: message, error_description: message });

/**
 * Keycloak answers a mapper whose provider does not exist (also one without `protocolMapper`) with
 * 404 "ProtocolMapper provider not found", before looking at anything else in it.
 */
export function requireKnownMapperType(input: unknown): void {
  const type = input && typeof input === "object" ? (input as Record<string, unknown>).protocolMapper : undefined;
  if (!isKnownType(type)) throw webError(404, "ProtocolMapper provider not found");
}

function hostsOf(client: ClientRecord): Set<string> {
  const root = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl : "";
  const redirects = Array.isArray(client.rep.redirectUris) ? (client.rep.redirectUris as unknown[]) : [];
  const hosts = new Set<string>();
  for (const uri of redirects) {
    if (typeof uri !== "string") continue;
    const absolute = uri.startsWith("/") ? root + uri : uri;
    let host: string;
    try {
      host = new URL(absolute.replace(/\*/g, "x")).hostname;
    } catch {
      throw configError("Client contained an invalid redirect URI.");
    }
    if (host) hosts.add(host);
  }
  return hosts;
}

/**
 * The pairwise subject mapper's checks on a client (AbstractPairwiseSubMapper.validateConfig): without a sector
 * identifier URI the client's redirect URIs must share exactly one host; a sector identifier URI must be https.
 */
function checkPairwise(client: ClientRecord, mapper: ProtocolMapperRecord): void {
  const sector = mapper.config[SECTOR_IDENTIFIER] ?? "";
  if (sector === "") {
    const hosts = hostsOf(client);
    if (hosts.size === 0) throw configError("Client redirect URIs must contain a valid host component.");
    if (hosts.size > 1)
      throw configError(
        "Without a configured Sector Identifier URI, client redirect URIs must not contain multiple host components.",
      );
    return;
  }
  let url: URL | undefined;
  try {
    url = new URL(sector);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== "https:" || !url.hostname) throw configError("Invalid Sector Identifier URI.");
}

/** ProtocolMapper.validateConfig of the mapper types that have one, for a mapper about to be stored on `owner`. */
export function validateMapperConfig(owner: ScopeOwner, mapper: ProtocolMapperRecord): void {
  if (mapper.protocolMapper === PAIRWISE && owner.kind === "client") checkPairwise(owner.record, mapper);
}
