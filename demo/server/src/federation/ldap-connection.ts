import {
  AndFilter,
  Client,
  ResultCodeError,
  EqualityFilter,
  OrFilter,
  PresenceFilter,
  type Entry,
  type Filter,
} from "ldapts";
import type { LdapConfig } from "./ldap-config.ts";

export interface ConnectionSettings {
  connectionUrl: string;
  startTls?: boolean;
  authType?: "simple" | "none";
  bindDn?: string;
  bindCredential?: string;
  connectionTimeout?: number;
  readTimeout?: number;
}

/** Opens a connection (StartTLS when asked) and binds as configured; the caller unbinds. */
export async function connect(settings: ConnectionSettings): Promise<Client> {
  const client = new Client({
    url: settings.connectionUrl,
    connectTimeout: settings.connectionTimeout || 10_000,
    timeout: settings.readTimeout || 30_000,
    strictDN: false,
  });
  try {
    if (settings.startTls) await client.startTLS({});
    if (settings.authType !== "none" && settings.bindDn)
      await client.bind(settings.bindDn, settings.bindCredential ?? "");
    // ldapts connects on the first operation: without a bind, reading the root DSE opens the connection (any LDAP
    // answer, a refusal included, proves the server is there).
    else
      await client.search("", { scope: "base", attributes: ["1.1"] }).catch((error: unknown) => {
        if (!(error instanceof ResultCodeError)) throw error;
      });
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/** Runs `work` on a bound connection and closes it afterwards. */
export async function withConnection<T>(
  settings: ConnectionSettings,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = await connect(settings);
  try {
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The filter of the provider's users: its object classes, the custom filter and `extra`, all required. */
export function userFilter(config: LdapConfig, extra?: Filter | string): string {
  const parts: string[] = config.userObjectClasses.map((oc) =>
    new EqualityFilter({ attribute: "objectClass", value: oc }).toString(),
  );
  if (config.customFilter) parts.push(config.customFilter);
  if (extra) parts.push(typeof extra === "string" ? extra : extra.toString());
  if (parts.length === 0) return new PresenceFilter({ attribute: "objectClass" }).toString();
  return parts.length === 1 ? parts[0] : `(&${parts.join("")})`;
}

export const equals = (attribute: string, value: string) => new EqualityFilter({ attribute, value });
export const anyOf = (filters: Filter[]) => new OrFilter({ filters });
export const allOf = (filters: Filter[]) => new AndFilter({ filters });

/** The provider's users matching `extra`, paged by the batch size when pagination is on. */
export async function searchUsers(
  client: Client,
  config: LdapConfig,
  extra?: Filter | string,
  sizeLimit = 0,
): Promise<Entry[]> {
  const { searchEntries } = await client.search(config.usersDn, {
    scope: config.searchScope,
    filter: userFilter(config, extra),
    attributes: ["*", config.uuidAttribute, "createTimestamp", "modifyTimestamp"],
    explicitBufferAttributes: binaryUuidAttributes(config),
    sizeLimit,
    paged: config.pagination && sizeLimit === 0 ? { pageSize: config.batchSize } : undefined,
  });
  return searchEntries;
}

/** The first value of an attribute of an entry, as text (binary values as hex). */
export function attributeValue(entry: Entry, name: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key) return undefined;
  const value = entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  return Buffer.isBuffer(one) ? one.toString("hex") : String(one);
}

export function attributeValues(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key) return [];
  const value = entry[key];
  return (Array.isArray(value) ? value : [value]).map((v) => (Buffer.isBuffer(v) ? v.toString("hex") : String(v)));
}

/** The first value of a binary attribute (`userCertificate;binary`, …) in base64, as Keycloak keeps binary values. */
export function attributeBase64(entry: Entry, name: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? entry[key] : undefined;
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  return Buffer.isBuffer(one) ? one.toString("base64") : Buffer.from(String(one), "binary").toString("base64");
}

/** Active Directory's objectGUID is binary: Keycloak reads it as a GUID string (its LDAPUtil.decodeObjectGUID). */
const isObjectGuid = (config: LdapConfig) => config.uuidAttribute.toLowerCase() === "objectguid";

/** eDirectory's `guid` is binary too (Keycloak's LDAPConfig.isEdirectoryGUID: vendor eDirectory, UUID attribute guid). */
const isEdirectoryGuid = (config: LdapConfig) => config.edirectory && config.uuidAttribute.toLowerCase() === "guid";

export const binaryUuidAttributes = (config: LdapConfig): string[] =>
  isObjectGuid(config) || isEdirectoryGuid(config) ? [config.uuidAttribute] : [];

/**
 * The GUID string of 16 GUID bytes in lower-case hex, grouped 8-4-4-4-12: objectGUID's first three groups are
 * little-endian (LDAPUtil.decodeObjectGUID), eDirectory's guid is in byte order (LDAPUtil.decodeGuid).
 */
export function guidString(bytes: Buffer, byteOrder = false): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = [...bytes.subarray(from, to)].map((b) => b.toString(16).padStart(2, "0"));
    return (reverse && !byteOrder ? part.reverse() : part).join("");
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, bytes.length, false)].join("-");
}

/** The LDAP_ID of a user entry: its UUID attribute (a GUID string for objectGUID and eDirectory's guid), else its DN. */
export function ldapIdOf(entry: Entry, config: LdapConfig): string {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === config.uuidAttribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const one = Array.isArray(value) ? value[0] : value;
  if (Buffer.isBuffer(one) && isObjectGuid(config)) return guidString(one);
  if (Buffer.isBuffer(one) && isEdirectoryGuid(config)) return guidString(one, true);
  return attributeValue(entry, config.uuidAttribute) ?? entry.dn;
}
