import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, idFromLocation, json, type Json, startAdminServer } from "../support/admin-api.ts";

const REALM = "authn";
const BASE = `/admin/realms/${REALM}/authentication`;

describe("authentication admin API", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { adminEventsEnabled: true });
  });
  after(async () => server?.dispose());

  const executions = async (alias: string) =>
    json<Json[]>(await api(`${BASE}/flows/${encodeURIComponent(alias)}/executions`));

  it("lists the built-in top-level flows", async () => {
    const flows = await json<Json[]>(await api(`${BASE}/flows`));
    const browser = flows.find((f) => f.alias === "browser");
    assert.ok(browser);
    assert.equal(browser.builtIn, true);
    assert.equal(browser.topLevel, true);
    assert.ok(flows.every((f) => f.topLevel));
    assert.ok(!flows.some((f) => f.alias === "saml ecp"), "Keycloak hides the saml ecp flow");
    assert.ok(browser.authenticationExecutions.some((e: Json) => e.authenticator === "auth-cookie"));
  });

  it("flattens executions with level, index, display names and requirement choices", async () => {
    const list = await executions("browser");
    const cookie = list.find((e) => e.providerId === "auth-cookie");
    assert.equal(cookie.displayName, "Cookie");
    assert.equal(cookie.level, 0);
    assert.deepEqual(cookie.requirementChoices, ["REQUIRED", "ALTERNATIVE", "DISABLED"]);
    const forms = list.find((e) => e.displayName === "forms");
    assert.equal(forms.authenticationFlow, true);
    assert.ok(forms.flowId);
    assert.ok(forms.requirementChoices.includes("CONDITIONAL"));
    const nested = list[list.indexOf(forms) + 1];
    assert.equal(nested.level, 1);
    assert.equal(nested.index, 0);
  });

  it("creates (201), refuses duplicates (409), copies, updates (PUT flow 202, executions 204) and deletes flows; built-in ones stay (400)", async () => {
    const res = await api(`${BASE}/flows`, {
      method: "POST",
      body: { alias: "my flow", description: "mine", providerId: "basic-flow", topLevel: true, builtIn: false },
    });
    assert.equal(res.status, 201);
    const id = idFromLocation(res);
    assert.equal(res.headers.get("location"), `${server.baseUrl}${BASE}/flows/${id}`);
    assert.equal(
      (await api(`${BASE}/flows`, { method: "POST", body: { alias: "my flow", providerId: "basic-flow" } })).status,
      409,
    );
    const flow = await json(await api(`${BASE}/flows/${id}`));
    assert.equal(flow.alias, "my flow");
    const put = await api(`${BASE}/flows/${id}`, { method: "PUT", body: { ...flow, description: "changed" } });
    assert.equal(put.status, 202);
    assert.equal((await json(await api(`${BASE}/flows/${id}`))).description, "changed");

    const copy = await api(`${BASE}/flows/browser/copy`, { method: "POST", body: { newName: "browser copy" } });
    assert.equal(copy.status, 201);
    const copied = await json(await api(`${BASE}/flows/${idFromLocation(copy)}`));
    assert.equal(copied.builtIn, false);
    assert.equal((await executions("browser copy")).length, (await executions("browser")).length);
    assert.equal(
      (await api(`${BASE}/flows/browser/copy`, { method: "POST", body: { newName: "browser copy" } })).status,
      409,
    );

    const builtIn = (await json<Json[]>(await api(`${BASE}/flows`))).find((f) => f.alias === "browser");
    assert.equal((await api(`${BASE}/flows/${builtIn.id}`, { method: "DELETE" })).status, 400);
    assert.equal((await api(`${BASE}/flows/${idFromLocation(copy)}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/flows/${idFromLocation(copy)}`)).status, 404);
  });

  it("adds executions and sub-flows, changes requirements, moves and deletes them", async () => {
    const add = await api(`${BASE}/flows/my%20flow/executions/execution`, {
      method: "POST",
      body: { provider: "auth-username-password-form" },
    });
    assert.equal(add.status, 201);
    const first = idFromLocation(add);
    assert.equal(
      (await api(`${BASE}/flows/my%20flow/executions/execution`, { method: "POST", body: { provider: "nope" } }))
        .status,
      400,
    );
    assert.equal(
      (await api(`${BASE}/flows/browser/executions/execution`, { method: "POST", body: { provider: "auth-otp-form" } }))
        .status,
      400,
      "built-in flows are read-only",
    );
    assert.equal(
      (await api(`${BASE}/flows/missing/executions/execution`, { method: "POST", body: { provider: "auth-otp-form" } }))
        .status,
      400,
    );
    const sub = await api(`${BASE}/flows/my%20flow/executions/flow`, {
      method: "POST",
      body: { alias: "my sub", type: "basic-flow", description: "sub" },
    });
    assert.equal(sub.status, 201);
    await api(`${BASE}/flows/my%20sub/executions/execution`, { method: "POST", body: { provider: "auth-otp-form" } });

    let list = await executions("my flow");
    assert.deepEqual(
      list.map((e) => [e.displayName, e.level, e.requirement]),
      [
        ["Username Password Form", 0, "REQUIRED"], // its only choice in Keycloak 26.7
        ["my sub", 0, "DISABLED"],
        ["OTP Form", 1, "DISABLED"],
      ],
    );
    const put = await api(`${BASE}/flows/my%20flow/executions`, {
      method: "PUT",
      body: { ...list[0], requirement: "REQUIRED" },
    });
    assert.equal(put.status, 204, "Keycloak 26.7.3 answers 204 with no body");
    assert.equal((await executions("my flow"))[0].requirement, "REQUIRED");

    assert.equal((await api(`${BASE}/executions/${first}/lower-priority`, { method: "POST" })).status, 204);
    list = await executions("my flow");
    assert.deepEqual(
      list.filter((e) => e.level === 0).map((e) => e.displayName),
      ["my sub", "Username Password Form"],
    );
    assert.equal((await api(`${BASE}/executions/${first}/raise-priority`, { method: "POST" })).status, 204);
    assert.equal((await executions("my flow"))[0].displayName, "Username Password Form");

    const execution = await json(await api(`${BASE}/executions/${first}`));
    assert.equal(execution.authenticator, "auth-username-password-form");
    assert.equal(
      execution.parentFlow,
      (await json<Json[]>(await api(`${BASE}/flows`))).find((f) => f.alias === "my flow").id,
    );

    const subExecution = list.find((e) => e.displayName === "my sub");
    const renamed = await api(`${BASE}/flows/my%20flow/executions`, {
      method: "PUT",
      body: { ...subExecution, displayName: "my renamed sub" },
    });
    assert.equal(renamed.status, 204);
    assert.ok((await executions("my flow")).some((e) => e.displayName === "my renamed sub"));
    assert.equal((await api(`${BASE}/executions/${subExecution.id}`, { method: "DELETE" })).status, 204);
    assert.deepEqual(
      (await executions("my flow")).map((e) => e.displayName),
      ["Username Password Form"],
    );
    const browserCookie = (await executions("browser"))[0];
    assert.equal((await api(`${BASE}/executions/${browserCookie.id}`, { method: "DELETE" })).status, 400);
  });

  it("manages authenticator configs through executions", async () => {
    const [execution] = await executions("my flow");
    const res = await api(`${BASE}/executions/${execution.id}/config`, {
      method: "POST",
      body: { alias: "my-config", config: { "some.key": "value" } },
    });
    assert.equal(res.status, 201);
    const configId = idFromLocation(res);
    assert.equal((await executions("my flow"))[0].authenticationConfig, configId);
    assert.deepEqual(await json(await api(`${BASE}/config/${configId}`)), {
      id: configId,
      alias: "my-config",
      config: { "some.key": "value" },
    });
    assert.equal(
      (
        await api(`${BASE}/config/${configId}`, {
          method: "PUT",
          body: { alias: "my-config", config: { "some.key": "other" } },
        })
      ).status,
      204,
    );
    assert.equal((await json(await api(`${BASE}/config/${configId}`))).config["some.key"], "other");
    assert.equal((await api(`${BASE}/config/${configId}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/config/${configId}`)).status, 404);
    assert.equal((await executions("my flow"))[0].authenticationConfig, undefined);
  });

  it("lists providers and config descriptions", async () => {
    const authenticators = await json<Json[]>(await api(`${BASE}/authenticator-providers`));
    assert.ok(authenticators.some((p) => p.id === "auth-otp-form" && p.displayName === "OTP Form" && p.description));
    assert.ok(
      (await json<Json[]>(await api(`${BASE}/client-authenticator-providers`))).some((p) => p.id === "client-secret"),
    );
    assert.ok(
      (await json<Json[]>(await api(`${BASE}/form-action-providers`))).some(
        (p) => p.id === "registration-recaptcha-action",
      ),
    );
    assert.ok((await json<Json[]>(await api(`${BASE}/form-providers`))).some((p) => p.id === "registration-page-form"));
    const description = await json(await api(`${BASE}/config-description/auth-conditional-otp-form`));
    assert.equal(description.providerId, "auth-conditional-otp-form");
    assert.ok(description.properties.length > 0);
    assert.equal((await api(`${BASE}/config-description/nope`)).status, 404);
  });

  it("the organization step is configurable as Keycloak 26.7's: requiresUserMembership, stored through its execution", async () => {
    const ids = (await json<Json[]>(await api(`${BASE}/authenticator-providers`))).map((p) => p.id as string);
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      "each authenticator provider is listed once",
    );
    const description = await json(await api(`${BASE}/config-description/organization`));
    assert.deepEqual(
      description.properties.map((p: Json) => `${p.name} ${p.type} ${p.label}`),
      ["requiresUserMembership boolean Requires user membership"],
    );
    const step = (await executions("browser")).find((e) => e.providerId === "organization");
    assert.equal(step?.configurable, true, "the browser flow's organization step is configurable");
    const res = await api(`${BASE}/executions/${step.id}/config`, {
      method: "POST",
      body: { alias: "org-membership", config: { requiresUserMembership: "true" } },
    });
    assert.equal(res.status, 201);
    const configId = idFromLocation(res);
    const after = (await executions("browser")).find((e) => e.providerId === "organization");
    assert.equal(after?.authenticationConfig, configId);
    assert.deepEqual((await json(await api(`${BASE}/config/${configId}`))).config, { requiresUserMembership: "true" });
  });

  it("a new realm has Keycloak 26.7.3's 14 required actions: Update email registered but off", async () => {
    const actions = await json<Json[]>(await api(`${BASE}/required-actions`));
    // alias, enabled, priority as Keycloak 26.7.3 lists them for a new realm (names are the providers' own)
    assert.deepEqual(
      actions.map((a) => `${a.alias} ${a.enabled ? "on" : "off"} ${a.priority}`),
      [
        "TERMS_AND_CONDITIONS off 20",
        "UPDATE_PROFILE on 40",
        "VERIFY_EMAIL on 50",
        "CONFIGURE_TOTP on 54",
        "UPDATE_PASSWORD on 57",
        "delete_account off 60",
        "UPDATE_EMAIL off 70",
        "webauthn-register on 80",
        "webauthn-register-passwordless on 90",
        "VERIFY_PROFILE on 100",
        "delete_credential on 110",
        "idp_link on 120",
        "CONFIGURE_RECOVERY_AUTHN_CODES on 130",
        "update_user_locale on 1000",
      ],
    );
    assert.ok(
      actions.every((a) => a.defaultAction === false && Object.keys(a.config).length === 0),
      "no default action, no config",
    );
    assert.deepEqual(
      actions.find((a) => a.alias === "UPDATE_EMAIL"),
      {
        alias: "UPDATE_EMAIL",
        name: "Update Email",
        providerId: "UPDATE_EMAIL",
        enabled: false,
        defaultAction: false,
        priority: 70,
        config: {},
      },
    );
    assert.deepEqual(await json(await api(`${BASE}/unregistered-required-actions`)), []);
    const described = await json(await api(`${BASE}/required-actions/UPDATE_EMAIL/config-description`));
    assert.deepEqual(
      described.properties.map((p: Json) => `${p.name}=${p.defaultValue}`),
      ["max_auth_age=300", "verifyEmail=false", "emailResendCooldownSeconds=30"],
    );
    assert.deepEqual(await json(await api(`${BASE}/required-actions/UPDATE_EMAIL/config`)), { config: {} });
  });

  it("manages required actions: update, priority, unregister and register, config", async () => {
    const actions = await json<Json[]>(await api(`${BASE}/required-actions`));
    const totp = await json(await api(`${BASE}/required-actions/CONFIGURE_TOTP`));
    assert.equal(
      (await api(`${BASE}/required-actions/CONFIGURE_TOTP`, { method: "PUT", body: { ...totp, defaultAction: true } }))
        .status,
      204,
    );
    assert.equal((await json(await api(`${BASE}/required-actions/CONFIGURE_TOTP`))).defaultAction, true);

    const second = actions[1].alias;
    assert.equal((await api(`${BASE}/required-actions/${second}/raise-priority`, { method: "POST" })).status, 204);
    assert.equal((await json<Json[]>(await api(`${BASE}/required-actions`)))[0].alias, second);

    assert.equal((await api(`${BASE}/required-actions/VERIFY_EMAIL`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/required-actions/VERIFY_EMAIL`)).status, 404);
    const unregistered = await json<Json[]>(await api(`${BASE}/unregistered-required-actions`));
    assert.ok(unregistered.some((a) => a.providerId === "VERIFY_EMAIL"));
    assert.equal(
      (
        await api(`${BASE}/register-required-action`, {
          method: "POST",
          body: { providerId: "VERIFY_EMAIL", name: "Verify Email" },
        })
      ).status,
      204,
    );
    assert.equal((await json(await api(`${BASE}/required-actions/VERIFY_EMAIL`))).enabled, true);

    const described = await json(await api(`${BASE}/required-actions/UPDATE_PASSWORD/config-description`));
    assert.equal(described.properties[0].name, "max_auth_age");
    assert.equal(
      (
        await api(`${BASE}/required-actions/UPDATE_PASSWORD/config`, {
          method: "PUT",
          body: { config: { max_auth_age: "600" } },
        })
      ).status,
      204,
    );
    assert.deepEqual(await json(await api(`${BASE}/required-actions/UPDATE_PASSWORD/config`)), {
      config: { max_auth_age: "600" },
    });
    const unconfigurable = await api(`${BASE}/required-actions/delete_account/config`);
    assert.equal(unconfigurable.status, 400);
    assert.deepEqual(await unconfigurable.json(), { error: "RequiredAction is not configurable" });
    assert.equal((await api(`${BASE}/required-actions/delete_account/config-description`)).status, 404);
  });

  it("stores client profiles and policies and lists global profiles on request", async () => {
    const R = `/admin/realms/${REALM}/client-policies`;
    assert.deepEqual(await json(await api(`${R}/profiles`)), { profiles: [] });
    const withGlobal = await json(await api(`${R}/profiles?include-global-profiles=true`));
    assert.ok(withGlobal.globalProfiles.some((p: Json) => p.name === "fapi-1-baseline"));
    const profiles = [
      {
        name: "strict",
        description: "",
        executors: [{ executor: "pkce-enforcer", configuration: { "auto-configure": "true" } }],
      },
    ];
    assert.equal((await api(`${R}/profiles`, { method: "PUT", body: { profiles } })).status, 204);
    assert.deepEqual((await json(await api(`${R}/profiles`))).profiles, profiles);
    const policies = [
      {
        name: "all",
        enabled: true,
        conditions: [{ condition: "any-client", configuration: {} }],
        profiles: ["strict"],
      },
    ];
    assert.equal((await api(`${R}/policies`, { method: "PUT", body: { policies } })).status, 204);
    assert.deepEqual((await json(await api(`${R}/policies?include-global-policies=true`))).policies, policies);
    assert.equal(
      (await api(`${R}/policies`, { method: "PUT", body: { policies: [{ name: "bad", profiles: ["missing"] }] } }))
        .status,
      400,
    );
    const registration = await json<Json[]>(await api(`/admin/realms/${REALM}/client-registration-policy/providers`));
    assert.ok(registration.some((p) => p.id === "trusted-hosts"));
  });

  it("ui-ext: flow overview with usage, users of a flow, configurable required actions", async () => {
    const UI = `/admin/realms/${REALM}/ui-ext/authentication-management`;
    const overview = await json<Json[]>(await api(`${UI}/flows`));
    const browser = overview.find((f) => f.alias === "browser");
    assert.deepEqual(browser.usedBy, { type: "DEFAULT", values: ["browser"] });
    const mine = overview.find((f) => f.alias === "my flow");
    assert.equal(mine.usedBy, undefined);
    const client = await api(`/admin/realms/${REALM}/clients`, {
      method: "POST",
      body: { clientId: "flow-user", authenticationFlowBindingOverrides: { browser: mine.id } },
    });
    assert.equal(client.status, 201);
    const updated = (await json<Json[]>(await api(`${UI}/flows`))).find((f) => f.alias === "my flow");
    assert.deepEqual(updated.usedBy, { type: "SPECIFIC_CLIENTS", values: ["flow-user"] });
    assert.deepEqual(await json(await api(`${UI}/clients/${mine.id}`)), ["flow-user"]);
    assert.deepEqual(await json(await api(`${UI}/idp/${mine.id}`)), []);
    const actions = await json<Json[]>(await api(`${UI}/required-actions`));
    assert.equal(actions.find((a) => a.alias === "UPDATE_PASSWORD").configurable, true);
    assert.equal(actions.find((a) => a.alias === "UPDATE_PROFILE").configurable, true);
    assert.equal(actions.find((a) => a.alias === "delete_account").configurable, false);
  });

  it("records admin events for flow changes", async () => {
    const events = await json<Json[]>(await api(`/admin/realms/${REALM}/admin-events?resourceTypes=AUTH_FLOW`));
    assert.ok(events.some((e) => e.operationType === "CREATE"));
  });

  it("refuses to delete a flow bound to the realm or a client with Keycloak's message, and builds a conditional OTP sub-flow", async () => {
    const copy = await api(`${BASE}/flows/browser/copy`, { method: "POST", body: { newName: "bound browser" } });
    assert.equal(copy.status, 201);
    const id = idFromLocation(copy);
    const sub = await api(`${BASE}/flows/bound%20browser/executions/flow`, {
      method: "POST",
      body: { alias: "otp check", type: "basic-flow", provider: "registration-page-form", description: "" },
    });
    assert.equal(sub.status, 201);
    for (const provider of ["conditional-user-configured", "auth-otp-form"]) {
      const add = await api(`${BASE}/flows/otp%20check/executions/execution`, { method: "POST", body: { provider } });
      assert.equal(add.status, 201);
    }
    const list = await executions("bound browser");
    const subFlow = list.find((e) => e.displayName === "otp check");
    assert.deepEqual(subFlow.requirementChoices, ["REQUIRED", "ALTERNATIVE", "DISABLED", "CONDITIONAL"]);
    const put = await api(`${BASE}/flows/bound%20browser/executions`, {
      method: "PUT",
      body: { ...subFlow, requirement: "CONDITIONAL" },
    });
    assert.equal(put.status, 204);
    const children = list.slice(list.indexOf(subFlow) + 1).filter((e) => e.level === subFlow.level + 1);
    assert.deepEqual(
      children.map((e) => [e.providerId, e.index, e.configurable]),
      [
        ["conditional-user-configured", 0, false],
        ["auth-otp-form", 1, false],
      ],
    );
    assert.deepEqual(children[0].requirementChoices, ["REQUIRED", "DISABLED"]);
    const described = await json(await api(`${BASE}/config-description/conditional-user-role`));
    assert.deepEqual(
      described.properties.map((p: Json) => p.name),
      ["condUserRole", "negate"],
    );

    const realm = await json(await api(`/admin/realms/${REALM}`));
    assert.equal(
      (await api(`/admin/realms/${REALM}`, { method: "PUT", body: { browserFlow: "bound browser" } })).status,
      204,
    );
    const refused = await api(`${BASE}/flows/${id}`, { method: "DELETE" });
    assert.equal(refused.status, 400);
    assert.equal(
      ((await refused.json()) as Json).errorMessage,
      "Cannot remove authentication flow, it is currently in use",
    );
    assert.equal(
      (await api(`/admin/realms/${REALM}`, { method: "PUT", body: { browserFlow: realm.browserFlow } })).status,
      204,
    );
    assert.equal((await api(`${BASE}/flows/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/flows/otp%20check/executions`)).status, 404, "sub-flows go with their flow");
  });
});
