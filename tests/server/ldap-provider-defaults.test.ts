import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { adminToken, startTestServer, type TestServer } from "../support/server.ts";

// Runs against the embedded server; with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak (which is how
// the expectations below were checked on Keycloak 26.7.3). No directory is needed: Keycloak creates the mappers
// without connecting.
const REALM = "ldap-defaults";
const STORAGE = "org.keycloak.storage.UserStorageProvider";
const MAPPER = "org.keycloak.storage.ldap.mappers.LDAPStorageMapper";

interface Case {
  title: string;
  config: Record<string, string>;
  /** Mapper name → its type and the config values checked. */
  mappers: Record<string, [string, Record<string, string>?]>;
  kerberosPrincipalAttribute: string;
}

const userAttribute = (model: string, ldap: string, readOnly: string, always: string, mandatory: string) =>
  [
    "user-attribute-ldap-mapper",
    {
      "user.model.attribute": model,
      "ldap.attribute": ldap,
      "read.only": readOnly,
      "always.read.value.from.ldap": always,
      "is.mandatory.in.ldap": mandatory,
    },
  ] as [string, Record<string, string>];

const CASES: Case[] = [
  {
    title: "other vendor, READ_ONLY, uid as username and RDN",
    config: { vendor: "other", editMode: "READ_ONLY", usernameLDAPAttribute: "uid", rdnLDAPAttribute: "uid" },
    mappers: {
      username: userAttribute("username", "uid", "true", "false", "true"),
      "first name": userAttribute("firstName", "cn", "true", "true", "true"),
      "last name": userAttribute("lastName", "sn", "true", "true", "true"),
      email: userAttribute("email", "mail", "true", "false", "false"),
      "creation date": userAttribute("createTimestamp", "createTimestamp", "true", "true", "false"),
      "modify date": userAttribute("modifyTimestamp", "modifyTimestamp", "true", "true", "false"),
      "Kerberos principal attribute mapper": ["kerberos-principal-attribute-mapper"],
    },
    kerberosPrincipalAttribute: "krb5PrincipalName",
  },
  {
    title: "Active Directory, WRITABLE, sAMAccountName as username and cn as RDN",
    config: {
      vendor: "ad",
      editMode: "WRITABLE",
      usernameLDAPAttribute: "sAMAccountName",
      rdnLDAPAttribute: "cn",
    },
    mappers: {
      username: userAttribute("username", "sAMAccountName", "false", "false", "true"),
      "first name": userAttribute("firstName", "givenName", "false", "true", "true"),
      "username-cn": userAttribute("username", "cn", "false", "false", "true"),
      "last name": userAttribute("lastName", "sn", "false", "true", "true"),
      email: userAttribute("email", "mail", "false", "false", "false"),
      "creation date": userAttribute("createTimestamp", "whenCreated", "true", "true", "false"),
      "modify date": userAttribute("modifyTimestamp", "whenChanged", "true", "true", "false"),
      "MSAD account controls": ["msad-user-account-control-mapper", { "always.read.enabled.value.from.ldap": "true" }],
      "Kerberos principal attribute mapper": ["kerberos-principal-attribute-mapper"],
    },
    kerberosPrincipalAttribute: "userPrincipalName",
  },
  {
    title: "Active Directory, UNSYNCED, sAMAccountName as username and cn as RDN: cn is the full name",
    config: {
      vendor: "ad",
      editMode: "UNSYNCED",
      usernameLDAPAttribute: "sAMAccountName",
      rdnLDAPAttribute: "cn",
    },
    mappers: {
      username: userAttribute("username", "sAMAccountName", "true", "false", "true"),
      "full name": [
        "full-name-ldap-mapper",
        { "ldap.full.name.attribute": "cn", "read.only": "true", "write.only": "false" },
      ],
      "last name": userAttribute("lastName", "sn", "true", "false", "true"),
      email: userAttribute("email", "mail", "true", "false", "false"),
      "creation date": userAttribute("createTimestamp", "whenCreated", "true", "false", "false"),
      "modify date": userAttribute("modifyTimestamp", "whenChanged", "true", "false", "false"),
      "MSAD account controls": ["msad-user-account-control-mapper", { "always.read.enabled.value.from.ldap": "false" }],
      "Kerberos principal attribute mapper": ["kerberos-principal-attribute-mapper"],
    },
    kerberosPrincipalAttribute: "userPrincipalName",
  },
  {
    title: "Red Hat Directory Server, WRITABLE, cn as username and RDN, registrations with LDAPv3 password modify",
    config: {
      vendor: "rhds",
      editMode: "WRITABLE",
      usernameLDAPAttribute: "cn",
      rdnLDAPAttribute: "cn",
      syncRegistrations: "true",
      usePasswordModifyExtendedOp: "true",
    },
    mappers: {
      username: userAttribute("username", "cn", "false", "false", "true"),
      "first name": userAttribute("firstName", "givenName", "false", "true", "true"),
      "last name": userAttribute("lastName", "sn", "false", "true", "true"),
      email: userAttribute("email", "mail", "false", "false", "false"),
      "creation date": userAttribute("createTimestamp", "createTimestamp", "true", "true", "false"),
      "modify date": userAttribute("modifyTimestamp", "modifyTimestamp", "true", "true", "false"),
      "Kerberos principal attribute mapper": ["kerberos-principal-attribute-mapper"],
      "random initial password": [
        "hardcoded-ldap-attribute-mapper",
        { "ldap.attribute.name": "userpassword", "ldap.attribute.value": "${RANDOM}" },
      ],
    },
    kerberosPrincipalAttribute: "krbPrincipalName",
  },
  {
    title: "a Kerberos principal attribute given is kept",
    config: {
      vendor: "other",
      editMode: "READ_ONLY",
      usernameLDAPAttribute: "uid",
      rdnLDAPAttribute: "uid",
      krbPrincipalAttribute: "uid",
    },
    mappers: {
      username: userAttribute("username", "uid", "true", "false", "true"),
      "first name": userAttribute("firstName", "cn", "true", "true", "true"),
      "last name": userAttribute("lastName", "sn", "true", "true", "true"),
      email: userAttribute("email", "mail", "true", "false", "false"),
      "creation date": userAttribute("createTimestamp", "createTimestamp", "true", "true", "false"),
      "modify date": userAttribute("modifyTimestamp", "modifyTimestamp", "true", "true", "false"),
      "Kerberos principal attribute mapper": ["kerberos-principal-attribute-mapper"],
    },
    kerberosPrincipalAttribute: "uid",
  },
];

describe("the mappers Keycloak creates with a new LDAP provider, by vendor and edit mode", () => {
  let server: TestServer | undefined;
  let kc: KcAdminClient;

  before(async () => {
    const real = process.env.KC_TARGET === "keycloak" ? process.env.KC_REAL_URL : undefined;
    if (!real) server = await startTestServer({ args: ["--seed-demo", "false"] });
    const baseUrl = real ?? server!.baseUrl;
    kc = new KcAdminClient({ baseUrl, realmName: "master" });
    kc.setAccessToken(await adminToken(baseUrl));
    if (await kc.realms.findOne({ realm: REALM })) await kc.realms.del({ realm: REALM });
    await kc.realms.create({ realm: REALM, enabled: true });
    kc.setConfig({ realmName: REALM });
  });
  after(async () => {
    if (!server) await kc?.realms.del({ realm: REALM });
    await server?.dispose();
  });

  for (const c of CASES)
    it(c.title, async () => {
      const config = {
        enabled: ["true"],
        connectionUrl: ["ldap://127.0.0.1:1"],
        usersDn: ["ou=People,dc=example,dc=org"],
        uuidLDAPAttribute: ["entryUUID"],
        userObjectClasses: ["inetOrgPerson, organizationalPerson"],
        authType: ["none"],
        ...Object.fromEntries(Object.entries(c.config).map(([k, v]) => [k, [v]])),
      };
      const { id } = await kc.components.create({ name: c.title, providerId: "ldap", providerType: STORAGE, config });
      const provider = await kc.components.findOne({ id });
      assert.deepEqual(provider?.config?.krbPrincipalAttribute, [c.kerberosPrincipalAttribute]);
      const mappers = await kc.components.find({ parent: id, type: MAPPER });
      assert.deepEqual(mappers.map((m) => m.name).sort(), Object.keys(c.mappers).sort());
      for (const [name, [type, expected]] of Object.entries(c.mappers)) {
        const mapper = mappers.find((m) => m.name === name)!;
        assert.equal(mapper.providerId, type, name);
        const values = Object.fromEntries(Object.entries(mapper.config ?? {}).map(([k, v]) => [k, v[0]]));
        assert.deepEqual(values, expected ?? {}, name);
      }
    });
});
