import type { ServerContext } from "../../context.ts";
import type { OrganizationRecord, RealmRecord } from "../../store/types.ts";
import { badRequest, conflict } from "../../http/errors.ts";
import { attributesOf, objectBody, optionalString } from "../common/body.ts";

export type OrganizationFields = Pick<
  OrganizationRecord,
  "name" | "alias" | "enabled" | "description" | "redirectUrl" | "domains" | "attributes"
>;

const DOMAIN_PATTERN = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i;

function parseDomains(value: unknown): { name: string; verified: boolean }[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest("Invalid domains");
  const domains = new Map<string, { name: string; verified: boolean }>();
  for (const raw of value) {
    const entry = (typeof raw === "string" ? { name: raw } : raw) as { name?: unknown; verified?: unknown };
    const name = typeof entry?.name === "string" ? entry.name.trim().toLowerCase() : "";
    if (!name) continue;
    const wildcardFree = name.startsWith("*.") ? name.slice(2) : name;
    if (!DOMAIN_PATTERN.test(wildcardFree)) throw badRequest(`The domain name ${name} is invalid`);
    domains.set(name, { name, verified: entry.verified === true });
  }
  return [...domains.values()];
}

/**
 * Reads an OrganizationRepresentation and checks it against the realm's other
 * organizations: name required and unique (409), alias defaulting to the name,
 * a domain belonging to one organization only (400).
 */
export function readOrganization(
  server: ServerContext,
  realm: RealmRecord,
  body: unknown,
  existing?: OrganizationRecord,
): OrganizationFields {
  const rep = objectBody(body);
  const name = optionalString(rep.name)?.trim();
  if (!name) throw badRequest("Name can not be null");
  let alias = optionalString(rep.alias)?.trim();
  if (existing) {
    if (alias && alias !== existing.alias) throw badRequest("Cannot change the alias");
    alias = existing.alias;
  } else if (!alias) {
    if (/\s/.test(name)) throw badRequest("Name contains a reserved character and cannot be used as alias");
    alias = name;
  }
  const others = server.db.list("organizations", realm.id).filter((o) => o.id !== existing?.id);
  if (others.some((o) => o.name === name)) throw conflict("A organization with the same name already exists.");
  if (others.some((o) => o.alias === alias)) throw conflict("A organization with the same alias already exists");
  const domains = parseDomains(rep.domains);
  for (const domain of domains) {
    if (others.some((o) => o.domains.some((d) => d.name === domain.name))) {
      throw badRequest(`Domain ${domain.name} is already linked to another organization in realm ${realm.realm}`);
    }
  }
  const redirectUrl = optionalString(rep.redirectUrl)?.trim() || undefined;
  if (redirectUrl && !/^https?:\/\/\S+$/.test(redirectUrl)) throw badRequest("Invalid redirect URL");
  return {
    name,
    alias,
    enabled: rep.enabled === undefined ? (existing?.enabled ?? true) : rep.enabled !== false,
    description: optionalString(rep.description),
    redirectUrl,
    domains,
    attributes: rep.attributes === undefined ? (existing?.attributes ?? {}) : attributesOf(rep.attributes),
  };
}
