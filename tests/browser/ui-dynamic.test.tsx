import { expect } from "chai";
import axe from "axe-core";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import type { Runtime } from "../../src/core/runtime/runtime.ts";
import { RuntimeContext } from "../../src/core/runtime/runtime-context.tsx";
import { useKcForm } from "../../src/core/ui/form/index.ts";
import {
  DynamicComponents,
  SECRET_MASK,
  fromComponentConfig,
  toComponentConfig,
  type ComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../src/core/ui/dynamic/index.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, mountUi, sleep } from "./ui-kit-harness.tsx";

/** Fixture data behind an admin-client-like object: only what the dynamic fields call. */
const groupTree = {
  top: [
    { id: "g-parent", name: "parent", path: "/parent", subGroupCount: 1 },
    { id: "g-other", name: "other", path: "/other", subGroupCount: 0 },
  ],
  "g-parent": [{ id: "g-child", name: "child", path: "/parent/child", subGroupCount: 0 }],
} as Record<string, { id: string; name: string; path: string; subGroupCount: number }[]>;

const fakeAdminClient = {
  realmName: "test",
  clients: {
    find: async ({ clientId = "", search }: { clientId?: string; search?: boolean }) =>
      ["account", "account-console", "admin-cli", "broker"]
        .filter((id) => (search ? id.includes(clientId) : id === clientId))
        .map((id) => ({ id: `c-${id}`, clientId: id })),
    listRoles: async () => [{ id: "r-view", name: "view-profile" }],
  },
  identityProviders: {
    find: async ({ search = "" }: { search?: string }) =>
      ["github", "google", "gitlab"]
        .filter((alias) => alias.includes(search))
        .map((alias) => ({ alias, displayName: alias.toUpperCase() })),
  },
  users: {
    getProfileMetadata: async () => ({ attributes: [{ name: "email" }, { name: "department" }, { name: "username" }] }),
  },
  groups: {
    find: async ({ first = 0, max = 10 }: { first?: number; max?: number }) => groupTree.top.slice(first, first + max),
    listSubGroups: async ({ parentId }: { parentId: string }) => groupTree[parentId] ?? [],
  },
  roles: {
    find: async () => [
      { id: "r-admin", name: "admin", description: "Administrators" },
      { id: "r-user", name: "user" },
    ],
  },
};

const properties: ConfigProperty[] = [
  { name: "host.name", label: "Host name", type: "String", required: true, helpText: "The host to call" },
  { name: "notes", label: "Notes", type: "Text" },
  { name: "retries", label: "Retries", type: "Integer", defaultValue: "3" },
  { name: "ratio", label: "Ratio", type: "Number", defaultValue: "1" },
  { name: "enabled", label: "Enabled", type: "boolean", defaultValue: false },
  { name: "mode", label: "Mode", type: "List", options: ["fast", "safe"], defaultValue: "safe" },
  { name: "scopes", label: "Scopes", type: "MultivaluedList", options: ["openid", "email", "profile"] },
  { name: "aliases", label: "Aliases", type: "MultivaluedString" },
  { name: "client", label: "Client", type: "ClientList" },
  { name: "idps", label: "Identity providers", type: "IdentityProviderMultiList" },
  { name: "attribute", label: "Attribute", type: "UserProfileAttributeList" },
  { name: "role", label: "Role", type: "Role" },
  { name: "group", label: "Group", type: "Group" },
  { name: "script", label: "Script", type: "Script", defaultValue: "return true;" },
  { name: "headers", label: "Headers", type: "Map" },
  { name: "certificate", label: "Certificate", type: "File" },
  { name: "secret", label: "Secret", type: "Password", secret: true },
  { name: "endpoint", label: "Endpoint", type: "Url", readOnly: true, defaultValue: "https://fixed.example" },
];

const stored: ComponentConfig = { "host.name": ["ldap.example"], secret: [SECRET_MASK] };
let saved: ComponentConfig | undefined;

function DynamicForm() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const form = useKcForm<{ config: ConfigFormValues }>({
    defaultValues: { config: fromComponentConfig(properties, stored) },
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeContext.Provider value={{ adminClient: fakeAdminClient } as unknown as Runtime}>
        <FormProvider {...form}>
          <Form
            onSubmit={form.handleSubmit((values) => {
              saved = toComponentConfig(properties, values.config);
            })}
          >
            <DynamicComponents properties={properties} />
            <button type="submit" data-testid="save">
              Save
            </button>
          </Form>
        </FormProvider>
      </RuntimeContext.Provider>
    </QueryClientProvider>
  );
}

async function typeInto(element: HTMLElement, text: string) {
  await realClick(element);
  await sendKeys({ press: "Control+a" });
  await sendKeys({ press: "Backspace" });
  if (text) await sendKeys({ type: text });
}

const byId = <E extends HTMLElement = HTMLInputElement>(root: ShadowRoot, id: string) =>
  root.querySelector<E>(`#${CSS.escape(id)}`)!;
/** A menu item (a button, or a label for checkbox items); realClick waits for the menu to settle in place. */
const menuItem = (root: ShadowRoot, text: string) =>
  waitFor(() => byText(root, ".pf-v6-c-menu .pf-v6-c-menu__item", text), `menu item ${text}`);

/** The accessible name Chromium's accessibility tree would give `element` (axe's name computation). */
function accessibleName(element: Element): string {
  axe.setup(document);
  try {
    return axe.commons.text.accessibleText(element);
  } finally {
    axe.teardown();
  }
}

describe("dynamic component form", () => {
  beforeEach(() => {
    saved = undefined;
  });
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("renders every property type with defaults, required marker, masked secret and read-only values", async () => {
    const { root } = await mountUi(<DynamicForm />);
    await waitFor(() => root.querySelectorAll("[data-property]").length === properties.length, "all properties");
    expect(
      [...root.querySelectorAll<HTMLElement>("[data-property]")].map((node) => node.dataset.propertyType),
    ).to.deep.equal(properties.map((property) => property.type));
    expect(root.querySelector('[data-property="host.name"] .pf-v6-c-form__label-required')).to.not.equal(null);
    expect(byId(root, "kc-config-host-name").value).to.equal("ldap.example");
    expect(byId(root, "kc-config-retries").value).to.equal("3");
    expect(byId(root, "kc-config-secret").type).to.equal("password");
    expect(byId(root, "kc-config-secret").value).to.equal(SECRET_MASK);
    expect(byId(root, "kc-config-endpoint").disabled).to.equal(true);
    expect(byId<HTMLTextAreaElement>(root, "kc-config-script").value).to.equal("return true;");
    expect(root.querySelector('[data-property="mode"]')!.textContent).to.include("safe");
  });

  it("names a boolean's switch by its label, on or off, with the on/off text still shown", async () => {
    const { root } = await mountUi(<DynamicForm />);
    const input = await waitFor(
      () => root.querySelector<HTMLInputElement>('[data-property="enabled"] input'),
      "switch",
    );
    expect(input.getAttribute("role")).to.equal("switch");
    expect(accessibleName(input)).to.equal("Enabled");
    expect(root.querySelector('[data-property="enabled"] .pf-v6-c-switch')!.textContent).to.equal("Off");
    await realClick(root.querySelector('[data-property="enabled"] .pf-v6-c-switch')!);
    await waitFor(() => input.checked, "the switch on");
    expect(accessibleName(input)).to.equal("Enabled");
    expect(root.querySelector('[data-property="enabled"] .pf-v6-c-switch')!.textContent).to.equal("On");
  });

  it("saves every property type as Keycloak's string-list config", async () => {
    const { root } = await mountUi(<DynamicForm />);
    await waitFor(() => root.querySelectorAll("[data-property]").length === properties.length, "all properties");
    await typeInto(byId(root, "kc-config-host-name"), "ldap.corp");
    await typeInto(byId(root, "kc-config-notes"), "Two words");
    await realClick(root.querySelector('button[aria-label="Retries +1"]')!);
    await realClick(root.querySelector('[data-property="enabled"] .pf-v6-c-switch')!);
    // List and MultivaluedList
    await realClick(byId(root, "kc-config-mode"));
    await realClick(await menuItem(root, "fast"));
    await realClick(byId(root, "kc-config-scopes"));
    await realClick(await menuItem(root, "Email"));
    await realClick(await menuItem(root, "openid"));
    await sendKeys({ press: "Escape" });
    // MultivaluedString: two values
    await typeInto(byId(root, "kc-config-aliases"), "first");
    // The add button turns on once the first value is in: wait for it rather than click it while still disabled.
    await realClick(
      await waitFor(
        () =>
          root.querySelector(
            '[data-property="aliases"] button[aria-label="Add value"]:not(:disabled), [data-property="aliases"] button[aria-label*="dd"]:not(:disabled)',
          ),
        "the enabled add-value button",
      ),
    );
    await typeInto(
      await waitFor(() => root.querySelector<HTMLInputElement>("#kc-config-aliases-1"), "the second alias"),
      "second",
    );
    // ClientList: server-searched typeahead
    await realClick(byId(root, "kc-config-client"));
    await sendKeys({ type: "console" });
    await realClick(await menuItem(root, "account-console"));
    // IdentityProviderMultiList: two providers
    await realClick(byId(root, "kc-config-idps"));
    await sendKeys({ type: "git" });
    await realClick(await menuItem(root, "GITHUB"));
    await realClick(await menuItem(root, "GITLAB"));
    await sendKeys({ press: "Escape" });
    // UserProfileAttributeList
    await realClick(byId(root, "kc-config-attribute"));
    await sendKeys({ type: "dep" });
    await realClick(await menuItem(root, "department"));
    // A menu still closing would take the next click.
    await waitFor(() => !root.querySelector(".pf-v6-c-menu"), "the attribute menu to close");
    // Role: the role picker dialog
    await realClick(byText(root, '[data-property="role"] button', "Select role")!);
    await realClick(await waitFor(() => byText(root, ".pf-v6-c-modal-box td button", "admin"), "the realm role"));
    await waitFor(() => byId(root, "kc-config-role").value === "admin", "the chosen role");
    // Group: browse into a child group
    await realClick(byText(root, '[data-property="group"] button', "Select group")!);
    await realClick(
      await waitFor(
        () => root.querySelector('.pf-v6-c-modal-box button[aria-label="Open parent"]'),
        "the parent group",
      ),
    );
    await realClick(
      await waitFor(
        () => root.querySelector('.pf-v6-c-modal-box tr[data-group-id="g-child"] input'),
        "the child group",
      ),
    );
    await realClick(byText(root, ".pf-v6-c-modal-box button", "Select")!);
    await waitFor(() => byId(root, "kc-config-group").value === "/parent/child", "the chosen group path");
    // Map: one key-value row
    await typeInto(byId(root, "kc-config-headers"), "X-Trace");
    await typeInto(byId(root, "kc-config-headers-value-0"), "on");
    // File: text typed into the upload's text area
    await typeInto(root.querySelector<HTMLTextAreaElement>('[data-property="certificate"] textarea')!, "MIIB");
    await sleep(50);
    await realClick(root.querySelector('[data-testid="save"]')!);
    await waitFor(() => saved, "the save");
    expect(saved).to.deep.equal({
      "host.name": ["ldap.corp"],
      notes: ["Two words"],
      retries: ["4"],
      ratio: ["1"],
      enabled: ["true"],
      mode: ["fast"],
      scopes: ["email", "openid"],
      aliases: ["first", "second"],
      client: ["account-console"],
      idps: ["github", "gitlab"],
      attribute: ["department"],
      role: ["admin"],
      group: ["/parent/child"],
      script: ["return true;"],
      headers: [JSON.stringify([{ key: "X-Trace", value: "on" }])],
      certificate: ["MIIB"],
      secret: [SECRET_MASK],
      endpoint: ["https://fixed.example"],
    });
  });

  it("requires required properties before saving", async () => {
    const { root } = await mountUi(<DynamicForm />);
    await waitFor(() => root.querySelector("#kc-config-host-name"), "the form");
    await typeInto(byId(root, "kc-config-host-name"), "");
    await realClick(root.querySelector('[data-testid="save"]')!);
    await waitFor(
      () => root.querySelector('[data-property="host.name"] .pf-v6-c-helper-text__item.pf-m-error'),
      "the required error",
    );
    expect(saved).to.equal(undefined);
  });
});
