import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, refusal } from "../support/admin-client.ts";

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
  let dispose: (() => Promise<void>) | undefined;
  let kc: KcAdminClient;

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(REALM));
  });
  after(async () => {
    await dispose?.();
  });

  it("refuses connection URLs as Keycloak does: commas, other schemes, URLs java.net.URI refuses", async () => {
    for (const [url, status, errorMessage] of CONNECTION_URLS) {
      const create = kc.components.create({
        name: `conf-url ${url}`,
        providerId: "ldap",
        providerType: STORAGE,
        config: { editMode: ["READ_ONLY"], connectionUrl: [url] },
      });
      if (status === 201) assert.ok((await create).id, url);
      else assert.deepEqual(await refusal(create), { status, body: { errorMessage } }, url);
    }
  });

  it("answers Test authentication without a bind DN and tests without a connection URL in Keycloak's words", async () => {
    const bindDn = "cn=admin,dc=example,dc=org";
    const answers: [Record<string, string>, string][] = [
      [
        { action: "testAuthentication", connectionUrl: "ldap://127.0.0.1:1", bindDn: "", authType: "simple" },
        "InvalidBindDN",
      ],
      [{ action: "testAuthentication", connectionUrl: "ldap://127.0.0.1:1", authType: "simple" }, "InvalidBindDN"],
      [{ action: "testAuthentication", bindDn, bindCredential: "x", authType: "simple" }, "UnknownError"],
      [{ action: "testAuthentication", bindDn: "", authType: "simple" }, "InvalidBindDN"],
      [{ action: "testConnection" }, "UnknownError"],
      [{ action: "testConnection", connectionUrl: "" }, "NamingError"],
      [
        { action: "testAuthentication", connectionUrl: "  ", bindDn, bindCredential: "x", authType: "simple" },
        "NamingError",
      ],
    ];
    for (const [body, errorMessage] of answers)
      assert.deepEqual(
        await refusal(kc.realms.testLDAPConnection({ realm: REALM }, body)),
        { status: 400, body: { errorMessage } },
        JSON.stringify(body),
      );
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

/** Connection URLs and Keycloak 26.7.3's answers to an LDAP provider created with them (checked on it). */
const CONNECTION_URLS: [string, number, string?][] = [
  [
    "ldap://a:389,ldap://b:389",
    400,
    'Connection URL must not contain commas. Use spaces to separate multiple LDAP URLs (e.g. "ldap://host1:389 ldap://host2:389").',
  ],
  [
    "http://a",
    400,
    "Connection URL contains a URL with an unsupported scheme. Each URL must use the ldap:// or ldaps:// scheme.",
  ],
  [
    "ldap://a b",
    400,
    "Connection URL contains a URL with an unsupported scheme. Each URL must use the ldap:// or ldaps:// scheme.",
  ],
  ["ldap://", 400, "Connection URL contains an invalid LDAP URL."],
  ["ldap://a^b", 400, "Connection URL contains an invalid LDAP URL."],
  ["ldap://a:389 ldaps://b:636", 201],
  ["", 201],
];

/** Mapper bodies Keycloak 26.7.3 refuses, with its answers (checked on it), and one it then accepts. */
const MAPPER_REFUSALS: [string, Record<string, string>, Record<string, string>][] = [
  ["group-ldap-mapper", {}, { errorMessage: "Missing configuration for LDAP Groups DN" }],
  ["group-ldap-mapper", { "groups.dn": "ou=G,dc=x" }, { errorMessage: "Missing configuration for Mode" }],
  [
    "group-ldap-mapper",
    {
      "groups.dn": "ou=G,dc=x",
      mode: "READ_ONLY",
      "membership.attribute.type": "UID",
      "preserve.group.inheritance": "true",
    },
    { errorMessage: "Not possible to preserve group inheritance and use UID membership type together." },
  ],
  [
    "group-ldap-mapper",
    { "groups.dn": "ou=G,dc=x", mode: "READ_ONLY", "groups.ldap.filter": "cn=x" },
    { errorMessage: 'Custom configured LDAP filter does not start with "(" or does not end with ")".' },
  ],
  [
    "group-ldap-mapper",
    { "groups.dn": "ou=G,dc=x", mode: "READ_ONLY", "groups.path": "/nope" },
    { errorMessage: "Groups path group does not exist - please create the group on specified path first" },
  ],
  [
    "group-ldap-mapper",
    { "groups.dn": "ou=G,dc=x", mode: "READ_ONLY", "membership.attribute.type": "BOGUS" },
    { error: "Invalid provider type or no such provider" },
  ],
  ["role-ldap-mapper", {}, { errorMessage: "Missing configuration for LDAP Roles DN" }],
  ["role-ldap-mapper", { "roles.dn": "ou=R,dc=x" }, { errorMessage: "Missing configuration for Mode" }],
  [
    "role-ldap-mapper",
    { "roles.dn": "ou=R,dc=x", mode: "READ_ONLY" },
    { errorMessage: "Client ID needs to be provided in config when Realm Roles Mapping is not used." },
  ],
  [
    "role-ldap-mapper",
    { "roles.dn": "ou=R,dc=x", mode: "READ_ONLY", "use.realm.roles.mapping": "true", "roles.ldap.filter": "x" },
    { errorMessage: 'Custom configured LDAP filter does not start with "(" or does not end with ")".' },
  ],
  ["user-attribute-ldap-mapper", {}, { errorMessage: "Missing configuration for User Model Attribute" }],
  [
    "user-attribute-ldap-mapper",
    { "user.model.attribute": "x", "ldap.attribute": "y", "is.binary.attribute": "true" },
    { errorMessage: "With Binary attribute enabled, the 'Always read value from LDAP' must be enabled too" },
  ],
  [
    "certificate-ldap-mapper",
    { "user.model.attribute": "x" },
    { errorMessage: "Missing configuration for LDAP Attribute" },
  ],
  [
    "certificate-ldap-mapper",
    { "user.model.attribute": "x", "ldap.attribute": "y", "is.der.formatted": "true" },
    { errorMessage: "With DER formatted certificate enabled, the 'Is Binary Attribute' option must be enabled too" },
  ],
  ["full-name-ldap-mapper", {}, { errorMessage: "Missing configuration for LDAP Full Name Attribute" }],
  [
    "full-name-ldap-mapper",
    { "ldap.full.name.attribute": "cn", "write.only": "true" },
    { errorMessage: "Can not set write only when LDAP provider mode is not WRITABLE" },
  ],
  ["hardcoded-ldap-attribute-mapper", {}, { errorMessage: "'LDAP Attribute Name' is required" }],
  [
    "hardcoded-ldap-attribute-mapper",
    { "ldap.attribute.name": "x" },
    { errorMessage: "'LDAP Attribute Value' is required" },
  ],
  ["hardcoded-attribute-mapper", {}, { errorMessage: "'Attribute Name' is required" }],
  ["hardcoded-attribute-mapper", { "user.model.attribute": "x" }, { errorMessage: "'Attribute Value' is required" }],
  [
    "hardcoded-attribute-mapper",
    { "user.model.attribute": "email", "attribute.value": "y" },
    { errorMessage: "Attribute Name cannot be set to username or email" },
  ],
  ["hardcoded-ldap-role-mapper", {}, { errorMessage: "Role cant be null" }],
  [
    "hardcoded-ldap-role-mapper",
    { role: "nope" },
    { errorMessage: "There is no role corresponding to configured value" },
  ],
  ["hardcoded-ldap-group-mapper", {}, { errorMessage: "Group cant be null" }],
  [
    "hardcoded-ldap-group-mapper",
    { group: "/nope" },
    { errorMessage: "There is no group corresponding to configured value" },
  ],
];

/** Bodies Keycloak accepts: the least each mapper type needs. */
const MAPPER_ACCEPTED: [string, Record<string, string>][] = [
  ["group-ldap-mapper", { "groups.dn": "ou=G,dc=x", mode: "READ_ONLY" }],
  ["role-ldap-mapper", { "roles.dn": "ou=R,dc=x", mode: "READ_ONLY", "use.realm.roles.mapping": "true" }],
  ["role-ldap-mapper", { "roles.dn": "ou=R,dc=x", mode: "READ_ONLY", "client.id": "account" }],
  ["hardcoded-ldap-role-mapper", { role: "offline_access" }],
  ["hardcoded-ldap-attribute-mapper", { "ldap.attribute.name": "x", "ldap.attribute.value": "y" }],
  ["hardcoded-attribute-mapper", { "user.model.attribute": "x", "attribute.value": "y" }],
  ["msad-user-account-control-mapper", {}],
  ["kerberos-principal-attribute-mapper", {}],
];

describe("LDAP mappers Keycloak refuses without their configuration", () => {
  let dispose: (() => Promise<void>) | undefined;
  let kc: KcAdminClient;
  let parentId: string;
  const realm = `${REALM}-mappers`;

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(realm));
    const config = {
      vendor: ["other"],
      editMode: ["READ_ONLY"],
      connectionUrl: ["ldap://127.0.0.1:1"],
      usersDn: ["ou=People,dc=example,dc=org"],
      usernameLDAPAttribute: ["uid"],
      rdnLDAPAttribute: ["uid"],
    };
    parentId = (await kc.components.create({ name: "ldap", providerId: "ldap", providerType: STORAGE, config })).id;
  });
  after(async () => {
    await dispose?.();
  });

  const create = (providerId: string, config: Record<string, string>) =>
    kc.components.create({
      name: `${providerId} mapper`,
      providerId,
      providerType: MAPPER,
      parentId,
      config: Object.fromEntries(Object.entries(config).map(([k, v]) => [k, [v]])),
    });

  it("refuses each incomplete or contradictory body with Keycloak's message and stores nothing", async () => {
    const before = (await kc.components.find({ parent: parentId, type: MAPPER })).length;
    for (const [providerId, config, expected] of MAPPER_REFUSALS) {
      const answer = await refusal(create(providerId, config));
      assert.deepEqual(answer, { status: 400, body: expected }, `${providerId} ${JSON.stringify(config)}`);
    }
    assert.equal((await kc.components.find({ parent: parentId, type: MAPPER })).length, before);
  });

  it("refuses an update that takes a required setting away, keeping the stored mapper", async () => {
    const { id } = await create("group-ldap-mapper", { "groups.dn": "ou=G,dc=x", mode: "READ_ONLY" });
    const stored = (await kc.components.findOne({ id }))!;
    const answer = await refusal(kc.components.update({ id }, { ...stored, config: { ...stored.config, mode: [""] } }));
    assert.deepEqual(answer, { status: 400, body: { errorMessage: "Missing configuration for Mode" } });
    assert.deepEqual((await kc.components.findOne({ id }))!.config!.mode, ["READ_ONLY"]);
  });

  it("accepts each mapper type's least complete body", async () => {
    for (const [providerId, config] of MAPPER_ACCEPTED) {
      const { id } = await create(providerId, config);
      assert.equal((await kc.components.findOne({ id }))?.providerId, providerId);
    }
  });
});
