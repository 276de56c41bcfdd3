import type { Recorder } from "./exchange.ts";
import { keysOf } from "./exchange.ts";
import { REALM_SETTINGS_SEQUENCES } from "./sequences-realm-settings.ts";
import { ACCESS_SEQUENCES } from "./sequences-access.ts";
import { AUTHORIZATION_SEQUENCES } from "./sequences-authorization.ts";
import { FEDERATION_SEQUENCES } from "./sequences-federation.ts";
import { BROKERING_SEQUENCES } from "./sequences-brokering.ts";

/**
 * The admin REST call sequences the console makes, by area, each run against a server seeded with the demo realm.
 * Names made here start with `conf-` so they never meet the seed's.
 */
export type Sequence = (r: Recorder) => Promise<void>;

/** A list's names in the server's order (non-lists pass unchanged). */
const names = (body: unknown) =>
  Array.isArray(body)
    ? (body as { name?: string; username?: string; clientId?: string; alias?: string }[]).map(
        (x) => x.name ?? x.username ?? x.clientId ?? x.alias,
      )
    : body;
/** A list's names sorted: for lists whose order Keycloak leaves to its storage (client scopes, flows). */
const sortedNames = (body: unknown) => {
  const listed = names(body);
  return Array.isArray(listed) ? [...listed].sort() : listed;
};

export const SEQUENCES: Record<string, Sequence> = {
  async "who-am-I and server info"(r) {
    // The step asks with an admin-cli token, which who-am-I refuses unless admin-cli is marked a console client; e2e
    // files run earlier on the same Keycloak mark it (markAdminCliAsConsoleClient): unmark it for the step (Keycloak's
    // update keeps attributes a body leaves out, so "false"), then put back what was there.
    const [adminCli] = await r.admin.clients.find({ realm: "master", clientId: "admin-cli" });
    const mark = adminCli!.attributes?.["security.admin.console"] as string | undefined;
    const setMark = (value: string) =>
      r.admin.clients.update(
        { realm: "master", id: adminCli!.id! },
        { ...adminCli, attributes: { ...adminCli!.attributes, "security.admin.console": value } },
      );
    if (mark !== undefined) await setMark("false");
    try {
      await r.fetch("whoami", "/admin/master/console/whoami?currentRealm=demo", {
        headers: { authorization: `Bearer ${r.admin.accessToken}` },
      });
    } finally {
      if (mark !== undefined) await setMark(mark);
    }
    await r.step("server info fields", (a) => a.serverInfo.find(), keysOf);
  },

  async realms(r) {
    await r.step("realm fields", (a) => a.realms.findOne({ realm: "demo" }), keysOf);
    await r.step("missing realm", (a) => a.realms.findOne({ realm: "conf-missing" }));
    await r.step("create realm", (a) => a.realms.create({ realm: "conf-realm", enabled: true }));
    await r.step("create realm again", (a) => a.realms.create({ realm: "conf-realm", enabled: true }));
    await r.step("delete realm", (a) => a.realms.del({ realm: "conf-realm" }));
  },

  async users(r) {
    await r.step("count", (a) => a.users.count());
    await r.step("first page", (a) => a.users.find({ first: 0, max: 5, briefRepresentation: true }), names);
    await r.step("search", (a) => a.users.find({ search: "alice", max: 11 }), names);
    await r.step("create", (a) => a.users.create({ username: "conf-user", enabled: true, email: "conf@example.com" }));
    await r.step("create taken username", (a) => a.users.create({ username: "conf-user", enabled: true }));
    await r.step("create taken email", (a) => a.users.create({ username: "conf-user-2", email: "conf@example.com" }));
    const [user] = await r.admin.users.find({ username: "conf-user", exact: true });
    await r.step("get", (a) => a.users.findOne({ id: user!.id! }));
    await r.step("groups", (a) => a.users.listGroups({ id: user!.id! }));
    await r.step("role mappings", (a) => a.users.listRoleMappings({ id: user!.id! }));
    await r.step("credentials", (a) => a.users.getCredentials({ id: user!.id! }));
    await r.step("delete", (a) => a.users.del({ id: user!.id! }));
    await r.step("get deleted", (a) => a.users.findOne({ id: user!.id! }));
  },

  async groups(r) {
    await r.step("top-level", (a) => a.groups.find({ first: 0, max: 10 }), names);
    await r.step("count", (a) => a.groups.count());
    await r.step("create", (a) => a.groups.create({ name: "conf-group" }));
    await r.step("create taken", (a) => a.groups.create({ name: "conf-group" }));
    const [group] = await r.admin.groups.find({ search: "conf-group", exact: true });
    await r.step("create child", (a) => a.groups.createChildGroup({ id: group!.id! }, { name: "conf-child" }));
    await r.step("children", (a) => a.groups.listSubGroups({ parentId: group!.id!, first: 0, max: 10 }));
    await r.step("get", (a) => a.groups.findOne({ id: group!.id! }));
    await r.step("members", (a) => a.groups.listMembers({ id: group!.id! }));
    await r.step("delete", (a) => a.groups.del({ id: group!.id! }));
    await r.step("get deleted", (a) => a.groups.findOne({ id: group!.id! }));
  },

  async roles(r) {
    await r.step("realm roles", (a) => a.roles.find({ first: 0, max: 20 }), names);
    await r.step("create", (a) => a.roles.create({ name: "conf-role", description: "made by conformance" }));
    await r.step("create taken", (a) => a.roles.create({ name: "conf-role" }));
    await r.step("get by name", (a) => a.roles.findOneByName({ name: "conf-role" }));
    await r.step("missing by name", (a) => a.roles.findOneByName({ name: "conf-missing" }));
    await r.step(
      "composites of manager",
      async (a) => {
        const manager = await a.roles.findOneByName({ name: "manager" });
        return a.roles.getCompositeRoles({ id: manager!.id! });
      },
      names,
    );
    await r.step("delete", (a) => a.roles.delByName({ name: "conf-role" }));
  },

  async clients(r) {
    await r.step("list", (a) => a.clients.find({ first: 0, max: 20 }), names);
    await r.step("search", (a) => a.clients.find({ clientId: "port", search: true }), names);
    await r.step("create", (a) =>
      a.clients.create({ clientId: "conf-client", protocol: "openid-connect", publicClient: true }),
    );
    await r.step("create taken", (a) => a.clients.create({ clientId: "conf-client" }));
    const [client] = await r.admin.clients.find({ clientId: "conf-client" });
    await r.step("get", (a) => a.clients.findOne({ id: client!.id! }), keysOf);
    await r.step("roles", (a) => a.clients.listRoles({ id: client!.id! }));
    await r.step("default client scopes", (a) => a.clients.listDefaultClientScopes({ id: client!.id! }), sortedNames);
    await r.step("optional client scopes", (a) => a.clients.listOptionalClientScopes({ id: client!.id! }), sortedNames);
    await r.step("delete", (a) => a.clients.del({ id: client!.id! }));
    await r.step("get deleted", (a) => a.clients.findOne({ id: client!.id! }));
  },

  async "client scopes"(r) {
    await r.step("list", (a) => a.clientScopes.find(), sortedNames);
    await r.step("realm defaults", (a) => a.clientScopes.listDefaultClientScopes(), sortedNames);
    await r.step("realm optional", (a) => a.clientScopes.listDefaultOptionalClientScopes(), sortedNames);
    await r.step("create", (a) => a.clientScopes.create({ name: "conf-scope", protocol: "openid-connect" }));
    await r.step("create taken", (a) => a.clientScopes.create({ name: "conf-scope", protocol: "openid-connect" }));
    const scope = await r.admin.clientScopes.findOneByName({ name: "conf-scope" });
    await r.step("get", (a) => a.clientScopes.findOne({ id: scope!.id! }));
    await r.step("delete", (a) => a.clientScopes.del({ id: scope!.id! }));
    await r.step("create with attributes", (a) =>
      a.clientScopes.create({
        name: "conf-scope-2",
        protocol: "openid-connect",
        attributes: { "display.on.consent.screen": "true" },
      }),
    );
    const second = await r.admin.clientScopes.findOneByName({ name: "conf-scope-2" });
    await r.step("get with attributes", (a) => a.clientScopes.findOne({ id: second!.id! }));
    await r.step("delete with attributes", (a) => a.clientScopes.del({ id: second!.id! }));
  },

  async authentication(r) {
    await r.step("flows", (a) => a.authenticationManagement.getFlows(), sortedNames);
    await r.step("required actions", (a) => a.authenticationManagement.getRequiredActions());
    await r.step("unregistered required actions", (a) => a.authenticationManagement.getUnregisteredRequiredActions());
    await r.step("update email config description", (a) =>
      a.authenticationManagement.getRequiredActionConfigDescription({ alias: "UPDATE_EMAIL" }),
    );
    await r.step("update email config", (a) =>
      a.authenticationManagement.getRequiredActionConfig({ alias: "UPDATE_EMAIL" }),
    );
    await r.step("unconfigurable action's config", (a) =>
      a.authenticationManagement.getRequiredActionConfig({ alias: "delete_account" }),
    );
    await r.step("unconfigurable action's config description", (a) =>
      a.authenticationManagement.getRequiredActionConfigDescription({ alias: "delete_account" }),
    );
    await r.step("copy browser flow", (a) =>
      a.authenticationManagement.copyFlow({ flow: "browser", newName: "conf-browser" }),
    );
    await r.step("copy again", (a) =>
      a.authenticationManagement.copyFlow({ flow: "browser", newName: "conf-browser" }),
    );
    await r.step("executions", (a) => a.authenticationManagement.getExecutions({ flow: "conf-browser" }));
  },

  async organizations(r) {
    await r.step("list", (a) => a.organizations.find({ first: 0, max: 10 }), names);
    await r.step("create", (a) =>
      a.organizations.create({
        name: "conf-org",
        alias: "conf-org",
        domains: [{ name: "conf.example.com", verified: false }],
      }),
    );
    await r.step("create taken", (a) =>
      a.organizations.create({ name: "conf-org", domains: [{ name: "conf2.example.com", verified: false }] }),
    );
    const [org] = await r.admin.organizations.find({ search: "conf-org", exact: true });
    await r.step("get", (a) => a.organizations.findOne({ id: org!.id! }));
    await r.step("members", (a) => a.organizations.listMembers({ orgId: org!.id! }));
    await r.step("delete", (a) => a.organizations.delById({ id: org!.id! }));
  },

  async oidc(r) {
    await r.fetch("discovery", "/realms/demo/.well-known/openid-configuration", undefined, keysOf);
    await r.fetch("wrong password", "/realms/demo/protocol/openid-connect/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "helpdesk",
        password: "wrong",
      }),
    });
    await r.fetch("userinfo without token", "/realms/demo/protocol/openid-connect/userinfo");
    const formPost = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const revokePath = "/realms/demo/protocol/openid-connect/revoke";
    await r.fetch("revoke without client", revokePath, formPost({ token: "x" }));
    await r.fetch("revoke without token", revokePath, formPost({ client_id: "admin-cli" }));
    await r.fetch("revoke an invalid token", revokePath, formPost({ client_id: "admin-cli", token: "not-a-token" }));
    const parPath = "/realms/demo/protocol/openid-connect/ext/par/request";
    await r.fetch("pushed request without client", parPath, formPost({ response_type: "code" }));
    await r.fetch(
      "pushed request with a request_uri",
      parPath,
      formPost({ client_id: "spa", response_type: "code", request_uri: "urn:x" }),
    );
    await r.fetch(
      "pushed request with a foreign redirect",
      parPath,
      formPost({ client_id: "spa", response_type: "code", redirect_uri: "http://evil.example/cb" }),
    );
  },
  ...REALM_SETTINGS_SEQUENCES,
  ...ACCESS_SEQUENCES,
  ...AUTHORIZATION_SEQUENCES,
  ...FEDERATION_SEQUENCES,
  ...BROKERING_SEQUENCES,
};
