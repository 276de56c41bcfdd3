import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { randomUUID } from "node:crypto";
import type { Sequence } from "./sequences.ts";

/** Sequences of user federation that need no directory reachable from both servers. */

const STORAGE = "org.keycloak.storage.UserStorageProvider";
const MAPPER = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";
/** Nothing listens there: both servers fail to connect alike. */
const UNREACHABLE = "ldap://127.0.0.1:1";

const ldapConfig = (extra: Record<string, string[]> = {}) => ({
  enabled: ["true"],
  vendor: ["other"],
  connectionUrl: [UNREACHABLE],
  bindDn: ["cn=admin,dc=example,dc=org"],
  bindCredential: ["conf-secret"],
  authType: ["simple"],
  editMode: ["READ_ONLY"],
  usersDn: ["ou=People,dc=example,dc=org"],
  usernameLDAPAttribute: ["uid"],
  rdnLDAPAttribute: ["uid"],
  uuidLDAPAttribute: ["entryUUID"],
  userObjectClasses: ["inetOrgPerson, organizationalPerson"],
  ...extra,
});

/** A component list by name, each with its type and config (storage order differs between the servers). */
const byName = (body: unknown) =>
  Array.isArray(body)
    ? (body as { name?: string; providerId?: string; config?: Record<string, string[]> }[])
        .map((c) => ({ name: c.name, providerId: c.providerId, config: c.config }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    : body;
/** Sub-component types by id, with their properties' names. */
const typeIds = (body: unknown) =>
  Array.isArray(body)
    ? (body as { id: string; properties?: { name: string }[] }[])
        .map((t) => ({ id: t.id, properties: (t.properties ?? []).map((p) => p.name).sort() }))
        .sort((a, b) => a.id.localeCompare(b.id))
    : body;

const storageId = async (a: KcAdminClient, name: string) => (await a.components.find({ type: STORAGE, name }))[0]?.id;

export const FEDERATION_SEQUENCES: Record<string, Sequence> = {
  async "user federation"(r) {
    await r.step("create ldap without edit mode", (a) =>
      a.components.create({
        name: "conf-ldap-bad",
        providerId: "ldap",
        providerType: STORAGE,
        config: { enabled: ["true"] },
      }),
    );
    await r.step("create ldap with a bad filter", (a) =>
      a.components.create({
        name: "conf-ldap-bad",
        providerId: "ldap",
        providerType: STORAGE,
        config: ldapConfig({ customUserSearchFilter: ["uid=x"] }),
      }),
    );
    // Keycloak 26.7's own component ids are not UUIDs: a given UUID keeps the answers comparable.
    const id = randomUUID();
    await r.step("create ldap", (a) =>
      a.components.create({ id, name: "conf-ldap", providerId: "ldap", providerType: STORAGE, config: ldapConfig() }),
    );
    await r.step("get ldap", (a) => a.components.findOne({ id }));
    await r.step("default mappers", (a) => a.components.find({ parent: id, type: MAPPER }), byName);
    await r.step("mapper types", (a) => a.components.listSubComponents({ id, type: MAPPER }), typeIds);
    await r.step("group mapper without mode", (a) =>
      a.components.create({
        name: "conf-groups",
        providerId: "group-ldap-mapper",
        providerType: MAPPER,
        parentId: id,
        config: { "groups.dn": ["ou=Groups,dc=example,dc=org"] },
      }),
    );
    const stored = (await r.admin.components.findOne({ id }))!;
    await r.step("update ldap keeping the masked credential", (a) =>
      a.components.update({ id }, { ...stored, config: { ...stored.config, pagination: ["true"] } }),
    );
    await r.step("get updated ldap", (a) => a.components.findOne({ id }));
    await r.step("update ldap with StartTLS and pooling", (a) =>
      a.components.update(
        { id },
        { ...stored, config: { ...stored.config, startTls: ["true"], connectionPooling: ["true"] } },
      ),
    );
    await r.step("test connection to an unreachable directory", (a) =>
      a.realms.testLDAPConnection(
        { realm: "demo" },
        { action: "testConnection", connectionUrl: UNREACHABLE, authType: "simple", componentId: id },
      ),
    );
    await r.step("test authentication against an unreachable directory", (a) =>
      a.realms.testLDAPConnection(
        { realm: "demo" },
        {
          action: "testAuthentication",
          connectionUrl: UNREACHABLE,
          authType: "simple",
          bindDn: "cn=admin,dc=example,dc=org",
          bindCredential: "**********",
          componentId: id,
        },
      ),
    );
    await r.step("test an unknown action", (a) =>
      a.realms.testLDAPConnection({ realm: "demo" }, { action: "conf-nothing", connectionUrl: UNREACHABLE }),
    );
    await r.step("delete ldap", (a) => a.components.del({ id }));
    await r.step("get deleted ldap", (a) => a.components.findOne({ id }));
    await r.step("mappers of the deleted ldap", (a) => a.components.find({ parent: id, type: MAPPER }), byName);

    const kerberos = randomUUID();
    await r.step("create kerberos", (a) =>
      a.components.create({
        id: kerberos,
        name: "conf-kerberos",
        providerId: "kerberos",
        providerType: STORAGE,
        config: {
          kerberosRealm: ["EXAMPLE.ORG"],
          serverPrincipal: ["HTTP/host@EXAMPLE.ORG"],
          keyTab: ["/etc/krb5.keytab"],
          editMode: ["UNSYNCED"],
        },
      }),
    );
    await r.step("get kerberos", (a) => a.components.findOne({ id: kerberos }));
    await r.step("delete kerberos", (a) => a.components.del({ id: kerberos }));
    await r.step("create kerberos with a padded principal", (a) =>
      a.components.create({
        name: "conf-kerberos-bad",
        providerId: "kerberos",
        providerType: STORAGE,
        config: { kerberosRealm: ["EXAMPLE.ORG"], serverPrincipal: [" HTTP/host@EXAMPLE.ORG"], keyTab: ["/k"] },
      }),
    );
    // Keycloak stores the padded principal (the embedded server refuses it, see the allow-list): not left behind.
    const padded = await storageId(r.admin, "conf-kerberos-bad");
    if (padded) await r.admin.components.del({ id: padded });
  },
};
