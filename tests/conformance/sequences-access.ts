import { eventually } from "../support/eventually.ts";
import type { Recorder } from "./exchange.ts";
import type { Sequence } from "./sequences.ts";

/** Sequences of identity providers, sessions, events and attack detection. */

const names = (body: unknown) =>
  Array.isArray(body) ? (body as { name?: string; alias?: string }[]).map((x) => x.alias ?? x.name) : body;

/** An events configuration with its types sorted (Keycloak lists them in a hash set's order). */
const sortedTypes = (body: unknown) => {
  const b = body as { enabledEventTypes?: string[] };
  return { ...b, enabledEventTypes: b.enabledEventTypes && [...b.enabledEventTypes].sort() };
};

/** Signs `helpdesk` in to demo through admin-cli (a password grant), so the realm has a session to list. */
async function signInHelpdesk(r: Recorder, password = "helpdesk") {
  const base = r.admin.baseUrl;
  return fetch(`${base}/realms/demo/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username: "helpdesk", password }),
  });
}

const helpdeskId = async (r: Recorder) => (await r.admin.users.find({ username: "helpdesk", exact: true }))[0]!.id!;

export const ACCESS_SEQUENCES: Record<string, Sequence> = {
  async "identity providers"(r) {
    await r.step("list", (a) => a.identityProviders.find(), names);
    await r.step("create", (a) =>
      a.identityProviders.create({
        alias: "conf-idp",
        providerId: "oidc",
        displayName: "Conformance IdP",
        config: {
          authorizationUrl: "https://idp.example.com/auth",
          tokenUrl: "https://idp.example.com/token",
          clientId: "console",
          clientSecret: "s3cret",
          clientAuthMethod: "client_secret_post",
        },
      }),
    );
    await r.step("create taken", (a) =>
      a.identityProviders.create({ alias: "conf-idp", providerId: "oidc", config: {} }),
    );
    await r.step("create unknown provider", (a) =>
      a.identityProviders.create({ alias: "conf-idp-2", providerId: "conf-no-such", config: {} }),
    );
    await r.step("get", (a) => a.identityProviders.findOne({ alias: "conf-idp" }));
    await r.step("missing", (a) => a.identityProviders.findOne({ alias: "conf-missing" }));
    await r.step("provider factory", (a) => a.identityProviders.findFactory({ providerId: "oidc" }));
    await r.step(
      "mapper types",
      (a) => a.identityProviders.findMapperTypes({ alias: "conf-idp" }),
      (body) => Object.keys(body as object).sort(),
    );
    await r.step("create mapper", (a) =>
      a.identityProviders.createMapper({
        alias: "conf-idp",
        identityProviderMapper: {
          name: "conf-mapper",
          identityProviderAlias: "conf-idp",
          identityProviderMapper: "hardcoded-attribute-idp-mapper",
          config: { attribute: "source", "attribute.value": "conf", syncMode: "INHERIT" },
        },
      }),
    );
    await r.step("mappers", (a) => a.identityProviders.findMappers({ alias: "conf-idp" }));
    const [mapper] = await r.admin.identityProviders.findMappers({ alias: "conf-idp" });
    await r.step("mapper", (a) => a.identityProviders.findOneMapper({ alias: "conf-idp", id: mapper!.id! }));
    await r.step("missing mapper", (a) =>
      a.identityProviders.findOneMapper({ alias: "conf-idp", id: "00000000-0000-0000-0000-000000000000" }),
    );
    await r.step("delete mapper", (a) => a.identityProviders.delMapper({ alias: "conf-idp", id: mapper!.id! }));
    await r.step("update", (a) =>
      a.identityProviders.update(
        { alias: "conf-idp" },
        { alias: "conf-idp", providerId: "oidc", displayName: "Renamed", config: { clientId: "console" } },
      ),
    );
    await r.step("delete", (a) => a.identityProviders.del({ alias: "conf-idp" }));
    await r.step("get deleted", (a) => a.identityProviders.findOne({ alias: "conf-idp" }));
  },

  async "per-client offline sessions"(r) {
    const id = await helpdeskId(r);
    const clientId = (await r.admin.clients.find({ clientId: "admin-cli" }))[0]!.id!;
    await r.step("offline count before", (a) => a.clients.getOfflineSessionCount({ id: clientId }));
    const granted = await fetch(`${r.admin.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "helpdesk",
        password: "helpdesk",
        scope: "offline_access",
      }),
    });
    if (!granted.ok) throw new Error(`offline grant: ${granted.status} ${await granted.text()}`);
    const sessionShape = (body: unknown) =>
      (body as { username: string; clients: Record<string, string> }[]).map((s) => ({
        username: s.username,
        clients: Object.values(s.clients),
      }));
    await r.step("client offline sessions", (a) => a.clients.listOfflineSessions({ id: clientId }), sessionShape);
    await r.step("offline count", (a) => a.clients.getOfflineSessionCount({ id: clientId }));
    await r.step(
      "user offline sessions for the client",
      (a) => a.users.listOfflineSessions({ id, clientId }),
      sessionShape,
    );
    await r.step("offline sessions of an unknown client", (a) => a.clients.listOfflineSessions({ id: "conf-no-such" }));
    const [offline] = await r.admin.clients.listOfflineSessions({ id: clientId });
    r.knownId(offline!.id!);
    await r.step("delete offline session", (a) =>
      a.realms.deleteSession({ realm: "demo", session: offline!.id!, isOffline: true }),
    );
    await r.step("offline count after delete", (a) => a.clients.getOfflineSessionCount({ id: clientId }));
    // Not compared yet: Keycloak 26.7.3 keeps no user session for this grant, the embedded server keeps one; end it so
    // the sessions sequence starts alike on both.
    await r.admin.users.logout({ id });
  },

  async sessions(r) {
    await signInHelpdesk(r);
    const id = await helpdeskId(r);
    const clientId = (await r.admin.clients.find({ clientId: "admin-cli" }))[0]!.id!;
    await r.step(
      "user sessions",
      (a) => a.users.listSessions({ id }),
      (body) =>
        (body as { username: string; clients: object }[]).map((s) => ({ username: s.username, clients: s.clients })),
    );
    await r.step(
      "client sessions",
      (a) => a.clients.listSessions({ id: clientId }),
      (body) => (body as { username: string }[]).map((s) => s.username),
    );
    await r.step("client session count", (a) => a.clients.getSessionCount({ id: clientId }));
    await r.step("offline session count", (a) => a.clients.getOfflineSessionCount({ id: clientId }));
    await r.step(
      "session stats",
      (a) => a.realms.getClientSessionStats({ realm: "demo" }),
      (body) => (body as { clientId: string }[]).map((s) => s.clientId).sort(),
    );
    const [session] = await r.admin.users.listSessions({ id });
    r.knownId(session!.id!);
    await r.step("delete session", (a) =>
      a.realms.deleteSession({ realm: "demo", session: session!.id!, isOffline: false }),
    );
    await r.step("delete missing session", (a) =>
      a.realms.deleteSession({ realm: "demo", session: session!.id!, isOffline: false }),
    );
    await signInHelpdesk(r);
    await r.step("user logout", (a) => a.users.logout({ id }));
    await r.step("user sessions after logout", (a) => a.users.listSessions({ id }));
    await signInHelpdesk(r);
    await r.step("logout all", (a) => a.realms.logoutAll({ realm: "demo" }));
    await r.step(
      "realm after logout all",
      (a) => a.realms.findOne({ realm: "demo" }),
      (body) => ({
        notBefore: typeof (body as { notBefore?: number }).notBefore,
      }),
    );
    await r.step("push revocation", (a) => a.realms.pushRevocation({ realm: "demo" }));
    await r.step("client push revocation", (a) => a.clients.pushRevocation({ id: clientId }));
  },

  async events(r) {
    await r.step("config", (a) => a.realms.getConfigEvents({ realm: "demo" }), sortedTypes);
    const config = await r.admin.realms.getConfigEvents({ realm: "demo" });
    await r.step("enable", (a) =>
      a.realms.updateConfigEvents(
        { realm: "demo" },
        {
          ...config,
          eventsEnabled: true,
          adminEventsEnabled: true,
          adminEventsDetailsEnabled: true,
          eventsExpiration: 3600,
        },
      ),
    );
    await r.step("config after", (a) => a.realms.getConfigEvents({ realm: "demo" }), sortedTypes);
    await r.step("unknown listener", (a) =>
      a.realms.updateConfigEvents({ realm: "demo" }, { ...config, eventsListeners: ["conf-no-such"] }),
    );
    await r.step("clear events", (a) => a.realms.clearEvents({ realm: "demo" }));
    await r.step("clear admin events", (a) => a.realms.clearAdminEvents({ realm: "demo" }));
    await signInHelpdesk(r, "wrong");
    await r.admin.groups.create({ name: "conf-events-group" });
    await eventually(
      () => r.admin.realms.findEvents({ realm: "demo", type: ["LOGIN_ERROR"], max: 5 }),
      (events) => events.length > 0,
    );
    await r.step(
      "login errors",
      (a) => a.realms.findEvents({ realm: "demo", type: ["LOGIN_ERROR"], max: 5 }),
      (body) =>
        (body as { type: string; error?: string; clientId?: string; details?: object }[]).map((e) => ({
          type: e.type,
          error: e.error,
          clientId: e.clientId,
          details: e.details,
        })),
    );
    await r.step("events of nobody", (a) =>
      a.realms.findEvents({ realm: "demo", user: "conf-nobody", first: 0, max: 10 }),
    );
    await r.step(
      "admin events",
      (a) => a.realms.findAdminEvents({ realm: "demo", operationTypes: "CREATE", max: 5 }),
      (body) =>
        (body as { operationType: string; resourceType: string; resourcePath: string; representation?: string }[]).map(
          (e) => ({
            operationType: e.operationType,
            resourceType: e.resourceType,
            resourcePath: e.resourcePath,
            representation: typeof e.representation,
          }),
        ),
    );
    const [group] = await r.admin.groups.find({ search: "conf-events-group", exact: true });
    await r.admin.groups.del({ id: group!.id! });
    await r.step("restore", (a) => a.realms.updateConfigEvents({ realm: "demo" }, config));
    await r.admin.realms.clearEvents({ realm: "demo" });
    await r.admin.realms.clearAdminEvents({ realm: "demo" });
  },

  async "attack detection"(r) {
    const realm = await r.admin.realms.findOne({ realm: "demo" });
    await r.admin.realms.update({ realm: "demo" }, { bruteForceProtected: true, failureFactor: 5 });
    const id = await helpdeskId(r);
    await r.step("status", (a) => a.attackDetection.findOne({ id }));
    await signInHelpdesk(r, "wrong");
    // Keycloak records the failure asynchronously
    await eventually(
      () => r.admin.attackDetection.findOne({ id }),
      (status) => Number(status?.numFailures) > 0,
    );
    await r.step(
      "status after a failure",
      (a) => a.attackDetection.findOne({ id }),
      (body) => ({
        ...(body as object),
        lastIPFailure: typeof (body as { lastIPFailure?: string }).lastIPFailure,
      }),
    );
    await r.step("missing user", (a) => a.attackDetection.findOne({ id: "conf-missing" }));
    await r.step("clear user", (a) => a.attackDetection.del({ id }));
    await r.step("status after clear", (a) => a.attackDetection.findOne({ id }));
    await r.step("clear all", (a) => a.attackDetection.delAll());
    await r.admin.realms.update(
      { realm: "demo" },
      { bruteForceProtected: realm!.bruteForceProtected, failureFactor: realm!.failureFactor },
    );
  },
};
