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

/**
 * Keycloak's ErrorResponseException for a ProtocolMapperConfigException: 400, `error` the exception's text and
 * `error_description` the admin message of its key (the same words except for a malformed sector identifier URI).
 */
const configError = (message: string, description = message) =>
  new HttpError(400, { error: message, error_description: description });

const SECTOR_DOCUMENT_TIMEOUT_MS = 10_000;
const SECTOR_DOCUMENT_MAX_BYTES = 1_000_000;

/**
 * Keycloak answers a mapper whose provider does not exist (also one without `protocolMapper`) with
 * 404 "ProtocolMapper provider not found", before looking at anything else in it.
 */
export function requireKnownMapperType(input: unknown): void {
  const type = input && typeof input === "object" ? (input as Record<string, unknown>).protocolMapper : undefined;
  if (!isKnownType(type)) throw webError(404, "ProtocolMapper provider not found");
}

/** The client's redirect URIs as Keycloak resolves them: relative ones under the root URL (dropped without one). */
function resolvedRedirectUris(client: ClientRecord): string[] {
  const root = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl : "";
  const redirects = Array.isArray(client.rep.redirectUris) ? (client.rep.redirectUris as unknown[]) : [];
  return redirects
    .filter((uri): uri is string => typeof uri === "string")
    .map((uri) => (uri.startsWith("/") ? (root ? root + uri : "") : uri))
    .filter((uri) => uri.trim() !== "");
}

function hostsOf(client: ClientRecord): Set<string> {
  const hosts = new Set<string>();
  for (const uri of resolvedRedirectUris(client)) {
    let host: string;
    try {
      host = new URL(uri.replace(/\*/g, "x")).hostname;
    } catch {
      throw configError("Client contained an invalid redirect URI.");
    }
    if (host) hosts.add(host);
  }
  return hosts;
}

/** Whether one of the sector document's URIs covers a client redirect URI (a trailing `*` is a prefix, queries aside). */
function coveredBy(sectorUris: string[], redirect: string): boolean {
  return sectorUris.some((allowed) => {
    if (!allowed.endsWith("*") || allowed.includes("?")) return allowed === redirect;
    const withoutQuery = redirect.split("?")[0];
    const prefix = allowed.slice(0, -1);
    return withoutQuery.startsWith(prefix) || withoutQuery === prefix.replace(/\/$/, "");
  });
}

/** The sector identifier document: a JSON array of redirect URIs. Anything else is Keycloak's "Failed to get…". */
async function sectorRedirectUris(sector: URL): Promise<string[]> {
  const failed = () => configError("Failed to get redirect URIs from the Sector Identifier URI.");
  if (sector.protocol !== "https:" && sector.protocol !== "http:") throw failed();
  let text: string;
  try {
    const response = await fetch(sector, {
      redirect: "follow",
      signal: AbortSignal.timeout(SECTOR_DOCUMENT_TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw failed();
    text = await response.text();
  } catch {
    throw failed();
  }
  if (text.length > SECTOR_DOCUMENT_MAX_BYTES) throw failed();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw failed();
  }
  if (!Array.isArray(document) || document.some((entry) => typeof entry !== "string")) throw failed();
  return document as string[];
}

/**
 * The pairwise subject mapper's checks on a client (Keycloak's PairwiseSubMapperValidator): without a sector
 * identifier URI the client's redirect URIs must share exactly one host; with one, the document it serves must
 * list every redirect URI of the client.
 */
async function checkPairwise(client: ClientRecord, mapper: ProtocolMapperRecord): Promise<void> {
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
  if (!url || !url.hostname) throw configError("Invalid Sector Identifier URI.", "Malformed Sector Identifier URI.");
  const listed = await sectorRedirectUris(url);
  if (!resolvedRedirectUris(client).every((redirect) => coveredBy(listed, redirect)))
    throw configError("Client redirect URIs does not match redirect URIs fetched from the Sector Identifier URI.");
}

/** ProtocolMapper.validateConfig of the mapper types that have one, for a mapper about to be stored on `owner`. */
export async function validateMapperConfig(owner: ScopeOwner, mapper: ProtocolMapperRecord): Promise<void> {
  if (mapper.protocolMapper === PAIRWISE && owner.kind === "client") await checkPairwise(owner.record, mapper);
}
