import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { eventually } from "../support/eventually.ts";
import {
  checkAxeAndShoot,
  getJson,
  openConsoleTab,
  openElementTab,
  startSuite,
  stopSuite,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

interface Profiles {
  profiles: { name: string; description?: string; executors?: { executor: string; configuration?: object }[] }[];
}
interface Policies {
  policies: {
    name: string;
    enabled?: boolean;
    conditions?: { condition: string; configuration?: Record<string, unknown> }[];
    profiles?: string[];
  }[];
}

const APP_URL = "http://127.0.0.1/pkce-policy-app/callback";

describe("realm settings: client policies", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("creates a profile with an executor and a policy with a condition and that profile", async () => {
    const page = await openConsoleTab(suite, "client-policies");
    await page.getByRole("tab", { name: "Profiles", selected: true }).waitFor();
    await page.getByRole("link", { name: "fapi-1-baseline" }).waitFor();
    await checkAxeAndShoot(page, "console", "client-policies-profiles");

    await page.getByRole("button", { name: "Create client profile" }).click();
    const profileForm = page.getByRole("form", { name: "Create client profile" });
    await profileForm.getByRole("textbox", { name: "Client profile name" }).fill("strict-clients");
    await profileForm.getByRole("textbox", { name: "Description" }).fill("Only confidential clients");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("New client profile created").first().waitFor();
    await page.getByRole("button", { name: "Add executor" }).click();
    const executorForm = page.getByRole("form", { name: "Add executor" });
    await executorForm.getByRole("button", { name: "Executor type" }).click();
    await page.getByRole("option", { name: /^pkce-enforcer/ }).click();
    await checkAxeAndShoot(page, "console", "client-policies-add-executor");
    await executorForm.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Success! Executor created successfully").first().waitFor();
    await page.getByRole("link", { name: "pkce-enforcer" }).waitFor();
    await checkAxeAndShoot(page, "console", "client-policies-edit-profile");

    const profiles = await getJson<Profiles>(suite.api, "/admin/realms/demo/client-policies/profiles");
    const profile = profiles.profiles.find((entry) => entry.name === "strict-clients");
    assert.equal(profile?.description, "Only confidential clients");
    assert.deepEqual(
      profile?.executors?.map((entry) => entry.executor),
      ["pkce-enforcer"],
    );

    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/realm-settings/client-policies/policies`);
    await page.getByRole("tab", { name: "Policies", exact: true, selected: true }).waitFor();
    await page.getByRole("heading", { name: "No client policies" }).waitFor();
    await checkAxeAndShoot(page, "console", "client-policies-policies-empty");
    await page.getByRole("button", { name: "Create client policy" }).click();
    const policyForm = page.getByRole("form", { name: "Create client policy" });
    await policyForm.getByRole("textbox", { name: "Name" }).fill("confidential-only");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Successfully created the policy").first().waitFor();

    await page.getByRole("button", { name: "Add condition" }).click();
    const conditionForm = page.getByRole("form", { name: "Add condition" });
    await conditionForm.getByRole("button", { name: "Condition type" }).click();
    await page.getByRole("option", { name: /^client-access-type/ }).click();
    await checkAxeAndShoot(page, "console", "client-policies-add-condition");
    await conditionForm.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Condition created successfully.").first().waitFor();
    await page.getByRole("link", { name: "client-access-type" }).waitFor();

    await page.getByRole("button", { name: "Client profile to add" }).click();
    await page.getByRole("option", { name: "strict-clients" }).click();
    await page.getByRole("button", { name: "Add client profile" }).click();
    await page.getByRole("link", { name: "strict-clients" }).waitFor();
    await checkAxeAndShoot(page, "console", "client-policies-edit-policy");

    const policies = await getJson<Policies>(suite.api, "/admin/realms/demo/client-policies/policies");
    const policy = policies.policies.find((entry) => entry.name === "confidential-only");
    assert.equal(policy?.enabled, true);
    assert.deepEqual(policy?.profiles, ["strict-clients"]);
    assert.deepEqual(
      policy?.conditions?.map((entry) => entry.condition),
      ["client-access-type"],
    );

    // The policy now runs: a confidential client without PKCE is refused, and one's sign-in without PKCE goes back
    // to the app with the refusal.
    const app = {
      clientId: "pkce-policy-app",
      publicClient: false,
      standardFlowEnabled: true,
      redirectUris: [APP_URL],
    };
    const withoutPkce = await suite.api("/admin/realms/demo/clients", { method: "POST", body: app });
    assert.equal(withoutPkce.status, 400);
    assert.deepEqual(await withoutPkce.json(), {
      error: "invalid_client_metadata",
      error_description: "Invalid client metadata: code_challenge_method",
    });
    const created = await suite.api("/admin/realms/demo/clients", {
      method: "POST",
      body: { ...app, attributes: { "pkce.code.challenge.method": "S256" } },
    });
    assert.equal(created.status, 201);
    const signIn = new URL(`${suite.server.baseUrl}/realms/demo/protocol/openid-connect/auth`);
    for (const [key, value] of Object.entries({
      client_id: "pkce-policy-app",
      response_type: "code",
      scope: "openid",
      redirect_uri: APP_URL,
      state: "s1",
    }))
      signIn.searchParams.set(key, value);
    const refused = await fetch(signIn, { redirect: "manual" });
    assert.equal(refused.status, 302);
    const back = new URL(refused.headers.get("location") ?? "");
    assert.equal(`${back.origin}${back.pathname}`, APP_URL);
    assert.equal(back.searchParams.get("error"), "invalid_request");
    assert.equal(back.searchParams.get("error_description"), "Missing parameter: code_challenge_method");
    assert.equal(back.searchParams.get("state"), "s1");

    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/realm-settings/client-policies/policies`);
    const enabled = page.getByRole("switch", { name: "confidential-only enabled" });
    await enabled.focus();
    await enabled.press("Space");
    await page.getByText("Client policy updated").first().waitFor();
    // the earlier save's alert may still show (the hash change keeps the page): wait for the server to have the switch
    const enabledNow = async () =>
      (await getJson<Policies>(suite.api, "/admin/realms/demo/client-policies/policies")).policies.find(
        (entry) => entry.name === "confidential-only",
      )?.enabled;
    assert.equal(await eventually(enabledNow, (value) => value === false), false);
    await page.close();
  });

  it("shows global profiles read-only", async () => {
    const page = await openConsoleTab(suite, "client-policies");
    await page.getByRole("link", { name: "fapi-1-baseline" }).click();
    const form = page.getByRole("form", { name: "Edit client profile" });
    await form.waitFor();
    assert.equal(await form.getByRole("button", { name: "Save", exact: true }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Add executor" }).count(), 0);
    await page.close();
  });

  it("keeps the profile form and shows the server's message when the server refuses it", async () => {
    const page = await openConsoleTab(suite, "client-policies");
    await page.getByRole("button", { name: "Create client profile" }).click();
    const form = page.getByRole("form", { name: "Create client profile" });
    // A global profile's name: only the server knows it is taken.
    await form.getByRole("textbox", { name: "Client profile name" }).fill("fapi-1-baseline");
    await form.getByRole("textbox", { name: "Description" }).fill("mine");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page
      .getByText(
        "Could not create client profile: 'Proposed profile name 'fapi-1-baseline' is duplicated as a global profile'",
      )
      .waitFor();
    assert.equal(await form.getByRole("textbox", { name: "Client profile name" }).inputValue(), "fapi-1-baseline");
    assert.equal(await form.getByRole("textbox", { name: "Description" }).inputValue(), "mine");
    await page.close();
  });

  it("JSON editor: refuses what is not JSON and shows the server's refusal, keeping the text", async () => {
    const page = await openConsoleTab(suite, "client-policies");
    await page.getByRole("radio", { name: "JSON editor" }).check();
    const editor = page.getByRole("textbox", { name: "Client profiles (JSON)" });
    await editor.fill("[oops");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/The text is not valid JSON/).waitFor();
    const wrong = JSON.stringify({ profiles: [{ name: "x", executors: [{ executor: "no-such-executor" }] }] });
    await editor.fill(wrong);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page
      .getByText(/proposed client profile contains the executor, which does not have valid provider/)
      .first()
      .waitFor();
    assert.equal(await editor.inputValue(), wrong);
    await checkAxeAndShoot(page, "console", "client-policies-json-refused");
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "client-policies", { theme: "dark" });
    await page.getByRole("link", { name: "fapi-1-baseline" }).waitFor();
    await checkAxeAndShoot(page, "element", "client-policies-dark");
    await page.getByRole("tab", { name: "Policies", exact: true }).click();
    await page.getByRole("link", { name: "confidential-only" }).waitFor();
    await checkAxeAndShoot(page, "element", "client-policies-policies-dark");
    await page.close();
  });
});
