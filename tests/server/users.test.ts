import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";
import { CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";

interface User {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled: boolean;
  emailVerified: boolean;
  createdTimestamp: number;
  attributes?: Record<string, string[]>;
  requiredActions?: string[];
  totp?: boolean;
  notBefore?: number;
  access?: Record<string, boolean>;
  userProfileMetadata?: {
    attributes: { name: string; required: boolean; readOnly: boolean }[];
    groups: { name: string }[];
  };
  bruteForceStatus?: Record<string, unknown>;
}

interface Credential {
  id: string;
  type: string;
  userLabel?: string;
  createdDate: number;
  credentialData: string;
  priority: number;
  secretData?: string;
}

const REALM = "people";
const base = `/admin/realms/${REALM}`;
let server: TestServer;
let api: ReturnType<typeof adminFetch>;

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function createUser(body: Record<string, unknown>): Promise<string> {
  const res = await api(`${base}/users`, { method: "POST", body });
  assert.equal(res.status, 201, await res.text());
  const location = res.headers.get("location")!;
  assert.match(location, new RegExp(`^${server.baseUrl}/admin/realms/${REALM}/users/[0-9a-f-]{36}$`));
  return location.split("/").pop()!;
}

const getUser = async (id: string, query = "") => json<User>(await api(`${base}/users/${id}${query}`));

async function passwordGrant(username: string, password: string): Promise<Response> {
  return fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username, password }),
  });
}

async function setProfilePolicy(policy: string | undefined) {
  const config = await json<Record<string, unknown>>(await api(`${base}/users/profile`));
  if (policy) config.unmanagedAttributePolicy = policy;
  else delete config.unmanagedAttributePolicy;
  await json(await api(`${base}/users/profile`, { method: "PUT", body: config }));
}

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  const res = await api("/admin/realms", { method: "POST", body: { realm: REALM, enabled: true } });
  assert.equal(res.status, 201, await res.text());
});

after(async () => {
  await server?.dispose();
});

describe("users: create, read, update, delete", () => {
  test("401 without a token, 404 for an unknown realm or user", async () => {
    assert.equal((await fetch(`${server.baseUrl}${base}/users`)).status, 401);
    assert.equal((await api("/admin/realms/nope/users")).status, 404);
    const missing = await api(`${base}/users/00000000-0000-0000-0000-000000000000`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { error: string }).error, "User not found");
  });

  test("creates a user with 201 + Location, lower-cases username and email, grants default roles", async () => {
    const id = await createUser({
      username: "Alice",
      email: "Alice@Example.com",
      firstName: "Alice",
      lastName: "Liddell",
      enabled: true,
    });
    const user = await getUser(id);
    assert.equal(user.username, "alice");
    assert.equal(user.email, "alice@example.com");
    assert.equal(user.firstName, "Alice");
    assert.equal(user.enabled, true);
    assert.equal(user.emailVerified, false);
    assert.equal(user.totp, false);
    assert.deepEqual(user.requiredActions, []);
    assert.ok(user.createdTimestamp > 0);
    assert.deepEqual(user.access, {
      manageGroupMembership: true,
      resetPassword: true,
      view: true,
      mapRoles: true,
      impersonate: true,
      manage: true,
    });
    const roles = await api(`${base}/users/${id}/role-mappings/realm`);
    if (roles.status === 200) {
      const names = ((await roles.json()) as { name: string }[]).map((r) => r.name);
      assert.ok(names.includes(`default-roles-${REALM}`), names.join(","));
    }
  });

  test("new users are disabled unless the representation enables them", async () => {
    const id = await createUser({ username: "dormant" });
    assert.equal((await getUser(id)).enabled, false);
  });

  test("409 on a taken username or email, 400 without a username", async () => {
    await createUser({ username: "bob", email: "bob@example.com", enabled: true });
    const sameName = await api(`${base}/users`, { method: "POST", body: { username: "BOB" } });
    assert.deepEqual(await json(sameName, 409), { errorMessage: "User exists with same username" });
    const sameEmail = await api(`${base}/users`, {
      method: "POST",
      body: { username: "bobby", email: "BOB@example.com" },
    });
    assert.deepEqual(await json(sameEmail, 409), { errorMessage: "User exists with same email" });
    const noName = await api(`${base}/users`, { method: "POST", body: { email: "x@example.com" } });
    assert.deepEqual(await json(noName, 400), { errorMessage: "User name is missing" });
  });

  test("400 with Keycloak's field errors on profile validation", async () => {
    const badEmail = await json<Record<string, unknown>>(
      await api(`${base}/users`, { method: "POST", body: { username: "carol", email: "not-an-email" } }),
      400,
    );
    assert.deepEqual(badEmail, { field: "email", errorMessage: "error-invalid-email", params: ["email"] });
    const short = await json<Record<string, unknown>>(
      await api(`${base}/users`, { method: "POST", body: { username: "ab" } }),
      400,
    );
    assert.deepEqual(short, { field: "username", errorMessage: "error-invalid-length", params: ["username", 3, 255] });
    const many = await json<{ errors: { field: string }[] }>(
      await api(`${base}/users`, { method: "POST", body: { username: "x<y", firstName: "a$b", email: "bad" } }),
      400,
    );
    assert.deepEqual(many.errors.map((e) => e.field).sort(), ["email", "firstName", "username"]);
  });

  test("updates with 204 and keeps fields the representation leaves out", async () => {
    const id = await createUser({ username: "dave", email: "dave@example.com", firstName: "Dave", enabled: true });
    const res = await api(`${base}/users/${id}`, {
      method: "PUT",
      body: { lastName: "Bowman", emailVerified: true, requiredActions: ["VERIFY_EMAIL", "NOT_AN_ACTION"] },
    });
    assert.equal(res.status, 204, await res.text());
    const user = await getUser(id);
    assert.equal(user.lastName, "Bowman");
    assert.equal(user.firstName, "Dave");
    assert.equal(user.email, "dave@example.com");
    assert.equal(user.emailVerified, true);
    assert.deepEqual(user.requiredActions, ["VERIFY_EMAIL"]);
    const taken = await api(`${base}/users/${id}`, { method: "PUT", body: { email: "alice@example.com" } });
    assert.deepEqual(await json(taken, 409), { errorMessage: "User exists with same email" });
    assert.equal(
      (await api(`${base}/users/00000000-0000-0000-0000-000000000000`, { method: "PUT", body: {} })).status,
      404,
    );
  });

  test("deletes with 204, then 404", async () => {
    const id = await createUser({ username: "erin" });
    assert.equal((await api(`${base}/users/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${base}/users/${id}`)).status, 404);
    assert.equal((await api(`${base}/users/${id}`, { method: "DELETE" })).status, 404);
  });

  test("users survive a restart", async () => {
    const id = await createUser({ username: "persistent", email: "p@example.com", enabled: true });
    await server.stop();
    await server.restart();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    assert.equal((await getUser(id)).username, "persistent");
    assert.equal((await api(`${base}/users`, { method: "POST", body: { username: "persistent" } })).status, 409);
  });
});

describe("users: realm settings", () => {
  const setRealm = async (settings: Record<string, unknown>) => {
    const res = await api(base, { method: "PUT", body: settings });
    assert.equal(res.status, 204, await res.text());
  };

  test("usernames change only when editUsernameAllowed", async () => {
    const id = await createUser({ username: "renamed", enabled: true });
    const refused = await api(`${base}/users/${id}`, { method: "PUT", body: { username: "other-name" } });
    assert.deepEqual(await json(refused, 400), {
      field: "username",
      errorMessage: "readOnlyUsernameMessage",
      params: ["username"],
    });
    await setRealm({ editUsernameAllowed: true });
    try {
      await json(await api(`${base}/users/${id}`, { method: "PUT", body: { username: "Other-Name" } }), 204);
      assert.equal((await getUser(id)).username, "other-name");
      assert.deepEqual(
        (await json<User[]>(await api(`${base}/users?username=other-name&exact=true`))).map((u) => u.id),
        [id],
      );
      assert.deepEqual(await json<User[]>(await api(`${base}/users?username=renamed&exact=true`)), []);
    } finally {
      await setRealm({ editUsernameAllowed: false });
    }
  });

  test("registrationEmailAsUsername takes the username from the email", async () => {
    await setRealm({ registrationEmailAsUsername: true });
    try {
      const id = await createUser({ email: "Mail.User@Example.com", enabled: true });
      const user = await getUser(id);
      assert.equal(user.username, "mail.user@example.com");
      const missing = await json<Record<string, unknown>>(
        await api(`${base}/users`, { method: "POST", body: { username: "ignored" } }),
        400,
      );
      assert.equal(missing.field, "email");
    } finally {
      await setRealm({ registrationEmailAsUsername: false });
    }
  });

  test("duplicateEmailsAllowed lets two users share an email", async () => {
    await setRealm({ duplicateEmailsAllowed: true });
    try {
      await createUser({ username: "twin-one", email: "twins@example.com" });
      await createUser({ username: "twin-two", email: "twins@example.com" });
      assert.equal(await json<number>(await api(`${base}/users/count?email=twins@example.com&exact=true`)), 2);
    } finally {
      await setRealm({ duplicateEmailsAllowed: false });
    }
  });
});

describe("users: search", () => {
  const names = ["sam.one", "sam.two", "sam.three", "samantha", "tom"];
  before(async () => {
    await setProfilePolicy("ENABLED");
    for (const [i, name] of names.entries()) {
      await createUser({
        username: name,
        email: `${name}@search.test`,
        firstName: i % 2 ? "Even" : "Odd",
        lastName: "Searcher",
        enabled: i !== 4,
        attributes: { dept: [i < 2 ? "Sales" : "ops"] },
      });
    }
  });

  const list = async (query: string) =>
    (await json<User[]>(await api(`${base}/users?${query}`))).map((u) => u.username);
  const count = async (query: string) => json<number>(await api(`${base}/users/count?${query}`));

  test("search is a prefix match by default, sorted by username", async () => {
    assert.deepEqual(await list("search=sam"), ["sam.one", "sam.three", "sam.two", "samantha"]);
    assert.deepEqual(await list("search=*three*"), ["sam.three"]);
    assert.deepEqual(await list("search=" + encodeURIComponent('"tom"')), ["tom"]);
    assert.deepEqual(await list("search=searcher&max=2"), ["sam.one", "sam.three"]);
    assert.deepEqual(await list("search=sam* even"), ["sam.two", "samantha"]);
    assert.equal(await count("search=sam"), 4);
  });

  test("field filters match substrings, or whole values with exact=true", async () => {
    assert.deepEqual(await list("username=am.t"), ["sam.three", "sam.two"]);
    assert.deepEqual(await list("username=sam.t&exact=true"), []);
    assert.deepEqual(await list("username=sam.two&exact=true"), ["sam.two"]);
    assert.deepEqual(await list("lastName=searcher&firstName=even"), ["sam.two", "samantha"]);
    assert.deepEqual(await list("lastName=searcher&enabled=false"), ["tom"]);
    assert.equal(await count("lastName=searcher&enabled=true"), 4);
  });

  test("q matches attribute values exactly, case-insensitively", async () => {
    assert.deepEqual(await list("q=dept:sales"), ["sam.one", "sam.two"]);
    assert.deepEqual(await list("q=dept:sal"), []);
    assert.deepEqual(await list("q=dept:ops lastName:search"), ["sam.three", "samantha", "tom"]);
    assert.deepEqual(await list("q=dept:ops lastName:x"), []);
    assert.equal(await count("q=dept:ops"), 3);
  });

  test("first/max page through results; briefRepresentation drops attributes", async () => {
    assert.deepEqual(await list("search=sam&first=1&max=2"), ["sam.three", "sam.two"]);
    const brief = await json<User[]>(await api(`${base}/users?search=sam.one&briefRepresentation=true`));
    assert.equal(brief[0].attributes, undefined);
    assert.equal(brief[0].requiredActions, undefined);
    const full = await json<User[]>(await api(`${base}/users?search=sam.one`));
    assert.deepEqual(full[0].attributes, { dept: ["Sales"] });
  });

  test("search=id:{id} finds one user; brute-force-user adds the lockout status", async () => {
    const [one] = await json<User[]>(await api(`${base}/users?username=sam.one&exact=true`));
    assert.deepEqual(await list(`search=id:${one.id}`), ["sam.one"]);
    const withStatus = await json<User[]>(await api(`${base}/ui-ext/brute-force-user?search=sam.one`));
    assert.deepEqual(withStatus[0].bruteForceStatus, {
      numFailures: 0,
      numTemporaryLockouts: 0,
      numSecondaryAuthFailures: 0,
      disabled: false,
      lastIPFailure: "n/a",
      lastFailure: 0,
      failedLoginNotBefore: 0,
    });
  });
});

describe("users: profile", () => {
  test("the default profile and its metadata", async () => {
    await setProfilePolicy(undefined);
    const config = await json<{
      attributes: { name: string }[];
      groups: { name: string }[];
      unmanagedAttributePolicy?: string;
    }>(await api(`${base}/users/profile`));
    assert.deepEqual(
      config.attributes.map((a) => a.name),
      ["username", "email", "firstName", "lastName"],
    );
    assert.deepEqual(
      config.groups.map((g) => g.name),
      ["user-metadata"],
    );
    assert.equal(config.unmanagedAttributePolicy, undefined);
    const metadata = await json<{ attributes: { name: string; required: boolean; readOnly: boolean }[] }>(
      await api(`${base}/users/profile/metadata`),
    );
    const username = metadata.attributes.find((a) => a.name === "username")!;
    assert.equal(username.required, true);
    assert.equal(metadata.attributes.find((a) => a.name === "email")!.required, false);
  });

  test("unmanaged attributes are dropped without a policy and kept with ENABLED", async () => {
    const ignored = await createUser({ username: "unmanaged-off", attributes: { color: ["blue"] } });
    assert.equal((await getUser(ignored)).attributes, undefined);
    await setProfilePolicy("ENABLED");
    const kept = await createUser({ username: "unmanaged-on", attributes: { color: ["blue"] } });
    assert.deepEqual((await getUser(kept)).attributes, { color: ["blue"] });
    assert.deepEqual(await json(await api(`${base}/users/${kept}/unmanagedAttributes`)), { color: ["blue"] });
    await json(await api(`${base}/users/${kept}`, { method: "PUT", body: { attributes: { size: ["L"] } } }), 204);
    assert.deepEqual((await getUser(kept)).attributes, { size: ["L"] });
    const withMetadata = await getUser(kept, "?userProfileMetadata=true");
    assert.ok(withMetadata.userProfileMetadata!.attributes.some((a) => a.name === "username" && a.readOnly));
  });
});

describe("users: through the admin client", () => {
  let kc: KeycloakAdminClient;
  before(async () => {
    kc = new KeycloakAdminClient({ baseUrl: server.baseUrl, realmName: REALM });
    kc.setConfig({ realmName: "master" });
    await kc.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
    kc.setConfig({ realmName: REALM });
  });

  test("internationalization adds a locale attribute first to the profile metadata; the user keeps its locale", async () => {
    const names = async () => (await kc.users.getProfileMetadata()).attributes?.map((a) => a.name);
    assert.deepEqual(await names(), ["username", "email", "firstName", "lastName"]);
    await kc.realms.update({ realm: REALM }, { internationalizationEnabled: true, supportedLocales: ["en", "de"] });
    try {
      assert.deepEqual(await names(), ["locale", "username", "email", "firstName", "lastName"]);
      const locale = (await kc.users.getProfileMetadata()).attributes?.[0];
      assert.deepEqual(locale, {
        name: "locale",
        displayName: "locale",
        required: false,
        readOnly: false,
        validators: {},
        multivalued: false,
      });
      const { id } = await kc.users.create({
        username: "speaks-german",
        enabled: true,
        attributes: { locale: ["de"] },
      });
      const user = await kc.users.findOne({ id, userProfileMetadata: true });
      assert.deepEqual(user?.attributes?.locale, ["de"]);
      assert.equal(user?.userProfileMetadata?.attributes?.[0]?.name, "locale", "the user's metadata lists locale");
    } finally {
      await kc.realms.update({ realm: REALM }, { internationalizationEnabled: false });
    }
  });

  test("a permanent password keeps a given UPDATE_PASSWORD on create and update; only reset-password clears it", async () => {
    const actions = async (id: string) => (await kc.users.findOne({ id }))?.requiredActions;
    const permanent = [{ type: "password", value: "perm-Secret-1", temporary: false }];
    const { id } = await kc.users.create({
      username: "must-change",
      enabled: true,
      requiredActions: ["UPDATE_PASSWORD"],
      credentials: permanent,
    });
    assert.deepEqual(await actions(id), ["UPDATE_PASSWORD"]);
    await kc.users.update({ id }, { credentials: permanent });
    assert.deepEqual(await actions(id), ["UPDATE_PASSWORD"]);
    await kc.users.update({ id }, { requiredActions: [] });
    await kc.users.update({ id }, { credentials: [{ type: "password", value: "temp-Secret-1", temporary: true }] });
    assert.deepEqual(await actions(id), ["UPDATE_PASSWORD"]);
    await kc.users.resetPassword({ id, credential: { type: "password", value: "perm-Secret-2", temporary: false } });
    assert.deepEqual(await actions(id), []);
    await kc.users.resetPassword({ id, credential: { type: "password", value: "temp-Secret-2", temporary: true } });
    assert.deepEqual(await actions(id), ["UPDATE_PASSWORD"]);
    await kc.users.resetPassword({ id, credential: { type: "password", value: "perm-Secret-3" } });
    assert.deepEqual(await actions(id), [], "reset-password without temporary is permanent");
  });
});

describe("users: credentials", () => {
  test("a password set on create signs in through the password grant", async () => {
    await createUser({
      username: "signer",
      email: "signer@example.com",
      firstName: "S",
      lastName: "I",
      enabled: true,
      credentials: [{ type: "password", value: "s3cret!", temporary: false }],
    });
    const ok = await passwordGrant("signer", "s3cret!");
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.ok(((await ok.json()) as { access_token: string }).access_token);
    assert.equal((await passwordGrant("signer", "wrong")).status, 400);
  });

  test("reset-password: temporary adds UPDATE_PASSWORD, a permanent one removes it, empty is 400", async () => {
    const id = await createUser({ username: "resetter", enabled: true });
    assert.equal(
      (
        await api(`${base}/users/${id}/reset-password`, {
          method: "PUT",
          body: { type: "password", value: "temp-pass", temporary: true },
        })
      ).status,
      204,
    );
    assert.deepEqual((await getUser(id)).requiredActions, ["UPDATE_PASSWORD"]);
    assert.equal(
      (
        await api(`${base}/users/${id}/reset-password`, {
          method: "PUT",
          body: { type: "password", value: "perm-pass", temporary: false },
        })
      ).status,
      204,
    );
    assert.deepEqual((await getUser(id)).requiredActions, []);
    assert.equal(
      (await api(`${base}/users/${id}/reset-password`, { method: "PUT", body: { type: "password", value: "" } }))
        .status,
      400,
    );
    const creds = await json<Credential[]>(await api(`${base}/users/${id}/credentials`));
    assert.equal(creds.length, 1);
    assert.equal(creds[0].type, "password");
    assert.equal(creds[0].secretData, undefined);
    assert.deepEqual(JSON.parse(creds[0].credentialData), {
      hashIterations: 210000,
      algorithm: "pbkdf2-sha512",
      additionalParameters: {},
    });
  });

  test("labels, ordering and removal of credentials", async () => {
    const hashed = (n: number) => ({
      type: "otp",
      secretData: JSON.stringify({ value: `s${n}` }),
      credentialData: JSON.stringify({ subType: "totp", digits: 6 }),
    });
    const id = await createUser({
      username: "multicred",
      enabled: true,
      credentials: [{ type: "password", value: "pw-one" }, hashed(1), hashed(2)],
    });
    let creds = await json<Credential[]>(await api(`${base}/users/${id}/credentials`));
    assert.deepEqual(
      creds.map((c) => c.type),
      ["password", "otp", "otp"],
    );
    assert.equal((await getUser(id)).totp, true);
    const [password, otp1, otp2] = creds;
    const label = await api(`${base}/users/${id}/credentials/${otp1.id}/userLabel`, {
      method: "PUT",
      body: "My phone",
      headers: { "content-type": "text/plain" },
    });
    assert.equal(label.status, 204, await label.text());
    assert.equal((await api(`${base}/users/${id}/credentials/${otp2.id}/moveToFirst`, { method: "POST" })).status, 204);
    creds = await json<Credential[]>(await api(`${base}/users/${id}/credentials`));
    assert.deepEqual(
      creds.map((c) => c.id),
      [otp2.id, password.id, otp1.id],
    );
    assert.equal(creds.find((c) => c.id === otp1.id)!.userLabel, "My phone");
    assert.equal(
      (await api(`${base}/users/${id}/credentials/${otp2.id}/moveAfter/${otp1.id}`, { method: "POST" })).status,
      204,
    );
    creds = await json<Credential[]>(await api(`${base}/users/${id}/credentials`));
    assert.deepEqual(
      creds.map((c) => c.id),
      [password.id, otp1.id, otp2.id],
    );
    assert.deepEqual(
      creds.map((c) => c.priority),
      [10, 20, 30],
    );
    assert.equal((await api(`${base}/users/${id}/credentials/nope/moveToFirst`, { method: "POST" })).status, 404);
    assert.equal((await api(`${base}/users/${id}/credentials/${otp1.id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${base}/users/${id}/credentials/${otp1.id}`, { method: "DELETE" })).status, 404);
    assert.equal((await api(`${base}/users/${id}/remove-totp`, { method: "PUT" })).status, 204);
    creds = await json<Credential[]>(await api(`${base}/users/${id}/credentials`));
    assert.deepEqual(
      creds.map((c) => c.type),
      ["password"],
    );
    assert.deepEqual(await json(await api(`${base}/users/${id}/configured-user-storage-credential-types`)), []);
  });
});

describe("users: groups, sessions, consents, identity links, actions", () => {
  test("group membership by id and by path on create", async () => {
    const res = await api(`${base}/groups`, { method: "POST", body: { name: "crew" } });
    assert.equal(res.status, 201, await res.text());
    const groupId = res.headers.get("location")!.split("/").pop()!;
    const id = await createUser({ username: "member", groups: ["/crew"] });
    let groups = await json<{ id: string; name: string; path: string }[]>(await api(`${base}/users/${id}/groups`));
    assert.deepEqual(
      groups.map((g) => [g.name, g.path]),
      [["crew", "/crew"]],
    );
    assert.deepEqual(await json(await api(`${base}/users/${id}/groups/count`)), { count: 1 });
    assert.equal((await api(`${base}/users/${id}/groups/${groupId}`, { method: "DELETE" })).status, 204);
    assert.deepEqual(await json(await api(`${base}/users/${id}/groups`)), []);
    assert.equal((await api(`${base}/users/${id}/groups/${groupId}`, { method: "PUT" })).status, 204);
    groups = await json(await api(`${base}/users/${id}/groups?search=cr`));
    assert.equal(groups.length, 1);
    assert.equal((await api(`${base}/users/${id}/groups/no-such-group`, { method: "PUT" })).status, 404);
  });

  test("sessions are listed and ended by logout", async () => {
    await createUser({
      username: "sessioned",
      email: "sess@example.com",
      firstName: "S",
      lastName: "S",
      enabled: true,
      credentials: [{ type: "password", value: "pw" }],
    });
    assert.equal((await passwordGrant("sessioned", "pw")).status, 200);
    const [user] = await json<User[]>(await api(`${base}/users?username=sessioned&exact=true`));
    const sessions = await json<{ userId: string; username: string; clients: Record<string, string> }[]>(
      await api(`${base}/users/${user.id}/sessions`),
    );
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0].username, "sessioned");
    assert.ok(Object.values(sessions[0].clients).includes("admin-cli"));
    assert.equal((await api(`${base}/users/${user.id}/logout`, { method: "POST" })).status, 204);
    assert.deepEqual(await json(await api(`${base}/users/${user.id}/sessions`)), []);
    assert.ok((await getUser(user.id)).notBefore! > 0);
  });

  test("consents: empty list, 404 when revoking what does not exist", async () => {
    const id = await createUser({ username: "consenter" });
    assert.deepEqual(await json(await api(`${base}/users/${id}/consents`)), []);
    assert.equal((await api(`${base}/users/${id}/consents/account`, { method: "DELETE" })).status, 404);
    assert.equal((await api(`${base}/users/${id}/consents/no-such-client`, { method: "DELETE" })).status, 404);
  });

  test("federated identities to an unknown alias are stored but listed only once a provider has it", async () => {
    const id = await createUser({ username: "linked" });
    assert.equal(
      (
        await api(`${base}/users/${id}/federated-identity/corp`, {
          method: "POST",
          body: { userId: "u-1", userName: "corp-user" },
        })
      ).status,
      204,
    );
    assert.deepEqual(await json(await api(`${base}/users/${id}/federated-identity`)), []);
    const idp = await api(`${base}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias: "corp",
        providerId: "oidc",
        enabled: true,
        config: { clientId: "c", clientSecret: "s", authorizationUrl: "http://idp/auth", tokenUrl: "http://idp/token" },
      },
    });
    assert.equal(idp.status, 201);
    assert.equal(
      (
        await api(`${base}/users/${id}/federated-identity/corp`, {
          method: "POST",
          body: { userId: "u-1", userName: "corp-user" },
        })
      ).status,
      409,
    );
    assert.deepEqual(await json(await api(`${base}/users/${id}/federated-identity`)), [
      { identityProvider: "corp", userId: "u-1", userName: "corp-user" },
    ]);
    assert.deepEqual(
      (await json<User[]>(await api(`${base}/users?idpAlias=corp`))).map((u) => u.username),
      ["linked"],
    );
    assert.equal((await api(`${base}/users/${id}/federated-identity/corp`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${base}/users/${id}/federated-identity/corp`, { method: "DELETE" })).status, 404);
  });

  test("action emails need an email address; impersonation answers redirect and sameRealm", async () => {
    const noEmail = await createUser({ username: "mailless", enabled: true });
    const missing = await api(`${base}/users/${noEmail}/execute-actions-email`, {
      method: "PUT",
      body: ["UPDATE_PASSWORD"],
    });
    assert.deepEqual(await json(missing, 400), { errorMessage: "User email missing" });
    assert.equal((await api(`${base}/users/${noEmail}/send-verify-email`, { method: "PUT" })).status, 400);
    const withEmail = await createUser({ username: "mailed", ...completeProfile("mailed"), enabled: true });
    // Without the realm's SMTP settings no action mail can go: 500, as in Keycloak.
    const actionsUnsent = await api(`${base}/users/${withEmail}/execute-actions-email?lifespan=600`, {
      method: "PUT",
      body: ["UPDATE_PASSWORD"],
    });
    assert.match(
      (await json<{ errorMessage: string }>(actionsUnsent, 500)).errorMessage,
      /^Failed to send execute actions email: /,
    );
    const unsent = await api(`${base}/users/${withEmail}/send-verify-email`, { method: "PUT" });
    assert.deepEqual(await json(unsent, 500), { errorMessage: "Failed to send verify email" });
    const sink = await startSmtpSink();
    try {
      await json(await api(base, { method: "PUT", body: { smtpServer: sink.settings() } }), 204);
      assert.equal((await api(`${base}/users/${withEmail}/send-verify-email`, { method: "PUT" })).status, 204);
      const mail = await sink.waitFor((m) => m.recipients.includes("mailed@example.com"));
      assert.equal(mail.subject, "Verify email");
      const link = /(http\S+login-actions\/action-token\S+)/.exec(mail.text)![1]!;
      const jar = new CookieJar();
      const confirm = await (await get(link, jar)).text();
      assert.match(confirm, /Confirm validity of e-mail address mailed@example\.com\./);
      const unverified = await json<{ emailVerified: boolean }>(await api(`${base}/users/${withEmail}`));
      assert.equal(unverified.emailVerified, false, "opening the link alone (a mail scanner) verifies nothing");
      const proceed = /id="kc-proceed" href="([^"]+)"/.exec(confirm)![1]!.replace(/&amp;/g, "&");
      const page = await get(new URL(proceed, server.baseUrl).toString(), jar);
      assert.match(await page.text(), /Your account has been updated\./);
      const verified = await json<{ emailVerified: boolean }>(await api(`${base}/users/${withEmail}`));
      assert.equal(verified.emailVerified, true);
      assert.match(await (await get(link, new CookieJar())).text(), /Action expired/, "a link works once");
    } finally {
      await api(base, { method: "PUT", body: { smtpServer: {} } });
      await sink.close();
    }
    const impersonation = await json<{ redirect: string; sameRealm: boolean }>(
      await api(`${base}/users/${withEmail}/impersonation`, { method: "POST" }),
    );
    assert.equal(impersonation.sameRealm, false);
    assert.equal(impersonation.redirect, `${server.baseUrl}/realms/${REALM}/account`);
  });
});

describe("users: events", () => {
  test("mutations record admin events without the credentials they carry", async () => {
    const config = await api(`${base}/events/config`, {
      method: "PUT",
      body: {
        eventsEnabled: true,
        adminEventsEnabled: true,
        adminEventsDetailsEnabled: true,
        eventsListeners: ["jboss-logging"],
        enabledEventTypes: [],
      },
    });
    assert.equal(config.status, 204, await config.text());
    const id = await createUser({
      username: "audited",
      email: "audited@example.com",
      enabled: true,
      credentials: [{ type: "password", value: "hidden-pw" }],
    });
    await json(await api(`${base}/users/${id}`, { method: "PUT", body: { firstName: "Audit" } }), 204);
    await json(
      await api(`${base}/users/${id}/reset-password`, {
        method: "PUT",
        body: { type: "password", value: "next-pw", temporary: false },
      }),
      204,
    );
    const adminEvents = await json<
      { operationType: string; resourceType: string; resourcePath: string; representation?: string }[]
    >(await api(`${base}/admin-events?resourceTypes=USER&max=100`));
    const mine = adminEvents.filter((e) => e.resourcePath.startsWith(`users/${id}`));
    assert.deepEqual(mine.map((e) => e.operationType).sort(), ["ACTION", "CREATE", "UPDATE"]);
    const created = mine.find((e) => e.operationType === "CREATE")!;
    assert.equal(created.resourceType, "USER");
    assert.ok(
      created.representation && !created.representation.includes("hidden-pw"),
      "credentials stay out of admin events",
    );
    assert.ok(!JSON.stringify(mine).includes("next-pw"), "a reset password stays out of admin events");
  });
});

describe("users: permissions", () => {
  test("view-users may read but not change users", async () => {
    const [realmManagement] = await json<{ id: string }[]>(await api(`${base}/clients?clientId=realm-management`));
    const role = await json<{ id: string; name: string }>(
      await api(`${base}/clients/${realmManagement.id}/roles/view-users`),
    );
    const viewerId = await createUser({
      username: "viewer",
      email: "viewer@example.com",
      firstName: "V",
      lastName: "V",
      enabled: true,
      credentials: [{ type: "password", value: "viewer-pw" }],
    });
    const mapped = await api(`${base}/users/${viewerId}/role-mappings/clients/${realmManagement.id}`, {
      method: "POST",
      body: [role],
    });
    assert.equal(mapped.status, 204, await mapped.text());
    const token = await adminToken(server.baseUrl, REALM, "viewer", "viewer-pw");
    const viewer = adminFetch(server.baseUrl, token);
    const users = await json<User[]>(await viewer(`${base}/users?username=viewer&exact=true`));
    assert.deepEqual(users[0].access, {
      manageGroupMembership: false,
      resetPassword: false,
      view: true,
      mapRoles: false,
      impersonate: false,
      manage: false,
    });
    assert.equal((await viewer(`${base}/users/${viewerId}`)).status, 200);
    assert.equal((await viewer(`${base}/users`, { method: "POST", body: { username: "nope" } })).status, 403);
    assert.equal((await viewer(`${base}/users/${viewerId}`, { method: "PUT", body: { firstName: "X" } })).status, 403);
    assert.equal(
      (await viewer(`${base}/users/${viewerId}/reset-password`, { method: "PUT", body: { value: "x" } })).status,
      403,
    );
    assert.equal((await viewer(`${base}/users/${viewerId}/impersonation`, { method: "POST" })).status, 403);
    assert.equal((await viewer(`${base}/users/profile`, { method: "PUT", body: {} })).status, 403);
  });
});

describe("users: impersonation", () => {
  const accountUrl = () => `${server.baseUrl}/realms/${REALM}/account`;
  const getWith = (url: string, jar: CookieJar) => get(new URL(url, server.baseUrl).toString(), jar);

  test("signs the browser in as the user: SSO cookies, a session without clients, IMPERSONATE and no admin event", async () => {
    await json(
      await api(`${base}/events/config`, {
        method: "PUT",
        body: { eventsEnabled: true, adminEventsEnabled: true, enabledEventTypes: [] },
      }),
      204,
    );
    const id = await createUser({
      username: "impersonated",
      email: "imp@example.com",
      firstName: "Ima",
      lastName: "Personated",
      enabled: true,
    });
    const res = await api(`${base}/users/${id}/impersonation`, { method: "POST" });
    const jar = new CookieJar();
    jar.store(res);
    assert.deepEqual(await json(res), { sameRealm: false, redirect: accountUrl() });
    for (const name of ["KEYCLOAK_IDENTITY", "KEYCLOAK_SESSION"]) assert.ok(jar.get(name), name);
    assert.ok(res.headers.getSetCookie().every((c) => c.includes(`Path=/realms/${REALM}/`)));

    const page = await getWith(accountUrl(), jar);
    assert.equal(page.status, 200);
    // the realm's browser security headers, as Keycloak sends them on its pages
    assert.equal(
      page.headers.get("content-security-policy"),
      "frame-src 'self'; frame-ancestors 'self'; object-src 'none';",
    );
    const html = await page.text();
    for (const [field, value] of [
      ["username", "impersonated"],
      ["email", "imp@example.com"],
      ["firstName", "Ima"],
      ["lastName", "Personated"],
    ]) {
      assert.match(
        html,
        new RegExp(`<input type="text" id="${field}" name="${field}" value="${value}" readonly>`),
        field,
      );
    }
    assert.doesNotMatch(html, /<script|<style|style=/);
    assert.match(html, /<link rel="stylesheet" href="\/resources\/login\/login.css">/);

    const sessions = await json<{ id: string; clients: Record<string, string> }[]>(
      await api(`${base}/users/${id}/sessions`),
    );
    assert.equal(sessions.length, 1);
    assert.deepEqual(sessions[0].clients, {});
    const [event] = await json<
      { type: string; userId: string; sessionId: string; clientId?: string; details: Record<string, string> }[]
    >(await api(`${base}/events?type=IMPERSONATE`));
    assert.deepEqual(
      { userId: event.userId, sessionId: event.sessionId, clientId: event.clientId, details: event.details },
      {
        userId: id,
        sessionId: sessions[0].id,
        clientId: undefined,
        details: { impersonator_realm: "master", impersonator: "admin" },
      },
    );
    const adminEvents = await json<{ resourcePath: string }[]>(await api(`${base}/admin-events`));
    assert.ok(
      !adminEvents.some((e) => e.resourcePath.endsWith("/impersonation")),
      "Keycloak records no admin event for impersonation",
    );
  });

  test("the account page sends a visitor without a session to sign in as the account console, and back", async () => {
    const id = await createUser({
      username: "visitor",
      ...completeProfile("visitor"),
      enabled: true,
      credentials: [{ type: "password", value: "visitor-pw" }],
    });
    const jar = new CookieJar();
    const redirect = await getWith(accountUrl(), jar);
    assert.equal(redirect.status, 302);
    const auth = new URL(redirect.headers.get("location")!);
    assert.equal(`${auth.origin}${auth.pathname}`, `${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth`);
    assert.equal(auth.searchParams.get("client_id"), "account-console");
    assert.equal(auth.searchParams.get("redirect_uri"), `${accountUrl()}/`);
    assert.equal(auth.searchParams.get("response_type"), "code");
    assert.equal(auth.searchParams.get("code_challenge_method"), "S256");

    const login = await getWith(auth.toString(), jar);
    assert.equal(login.status, 200);
    const signedIn = await submitLogin(server.baseUrl, await login.text(), jar, "visitor", "visitor-pw");
    assert.equal(signedIn.status, 302);
    const back = new URL(signedIn.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, `${accountUrl()}/`);
    assert.ok(back.searchParams.get("code"));
    const page = await getWith(back.toString(), jar);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<input type="text" id="username" name="username" value="visitor" readonly>/);

    const signOut = /<a class="kc-button" id="signOutButton" href="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    assert.ok(signOut?.startsWith(`/realms/${REALM}/protocol/openid-connect/logout?`));
    const confirm = await getWith(signOut!, jar);
    const action = /<form id="kc-logout-confirm" action="([^"]+)"/.exec(await confirm.text())?.[1];
    const form = new URLSearchParams({ client_id: "account-console", post_logout_redirect_uri: `${accountUrl()}/` });
    const out = await fetch(new URL(action!, server.baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: form,
    });
    jar.store(out);
    assert.equal(out.status, 302);
    assert.equal(out.headers.get("location"), `${accountUrl()}/`);
    assert.equal((await getWith(accountUrl(), jar)).status, 302);
    assert.deepEqual(await json(await api(`${base}/users/${id}/sessions`)), []);
  });

  test("an administrator of the same realm is signed out of their own session (sameRealm)", async () => {
    const [realmManagement] = await json<{ id: string }[]>(await api(`${base}/clients?clientId=realm-management`));
    const role = await json<{ id: string; name: string }>(
      await api(`${base}/clients/${realmManagement.id}/roles/impersonation`),
    );
    const helpdesk = await createUser({
      username: "helpdesk",
      ...completeProfile("helpdesk"),
      enabled: true,
      credentials: [{ type: "password", value: "helpdesk-pw" }],
    });
    await json(
      await api(`${base}/users/${helpdesk}/role-mappings/clients/${realmManagement.id}`, {
        method: "POST",
        body: [role],
      }),
      204,
    );
    const target = await createUser({ username: "target", enabled: true });
    const own = adminFetch(server.baseUrl, await adminToken(server.baseUrl, REALM, "helpdesk", "helpdesk-pw"));
    const res = await own(`${base}/users/${target}/impersonation`, { method: "POST" });
    assert.deepEqual(await json(res), { sameRealm: true, redirect: accountUrl() });
    assert.equal(
      (await own(`${base}/users/${target}/impersonation`, { method: "POST" })).status,
      401,
      "the administrator's session has ended",
    );
    assert.deepEqual(await json(await api(`${base}/users/${helpdesk}/sessions`)), []);
    assert.equal((await json<unknown[]>(await api(`${base}/users/${target}/sessions`))).length, 1);
  });

  test("disabled users and service accounts cannot be impersonated", async () => {
    const disabled = await createUser({ username: "sleeper", enabled: false });
    assert.deepEqual(await json(await api(`${base}/users/${disabled}/impersonation`, { method: "POST" }), 400), {
      errorMessage: "User is disabled",
    });
    const created = await api(`${base}/clients`, {
      method: "POST",
      body: { clientId: "worker", publicClient: false, serviceAccountsEnabled: true },
    });
    assert.equal(created.status, 201, await created.text());
    const clientId = created.headers.get("location")!.split("/").pop()!;
    const serviceAccount = await json<{ id: string }>(await api(`${base}/clients/${clientId}/service-account-user`));
    assert.deepEqual(
      await json(await api(`${base}/users/${serviceAccount.id}/impersonation`, { method: "POST" }), 400),
      { errorMessage: "Service accounts cannot be impersonated" },
    );
  });
});
