import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import axe from "axe-core";
import { AlertsProvider } from "../../src/core/ui/alerts/alerts-context.tsx";
import { DataTable } from "../../src/core/ui/table/index.ts";
import { SampleForm } from "../../src/features/catalogue/sample-form.tsx";
import { deepActiveElement, realClick, removeTestContainers, settledBox, waitFor } from "./elements-helpers.ts";
import { mountUi } from "./ui-kit-harness.tsx";

interface User {
  id: string;
  username: string;
  email: string;
  groups: string[];
}

const USERS: User[] = Array.from({ length: 14 }, (_, index) => ({
  id: `u${index}`,
  username: `user${index}`,
  email: `user${index}@example.com`,
  groups: ["/Sales", "/Engineering/Backend", "/Support", "/Admins"].slice(0, index % 5),
}));

const usersTable = (
  <DataTable<User>
    tableId="a11y-users"
    ariaLabel="Users"
    loader={async (first, max) => USERS.slice(first, first + max)}
    countLoader={async () => USERS.length}
    rowKey={(user) => user.id}
    canSelect
    columns={[
      { name: "username", title: "Username", sortable: true },
      { name: "email", title: "Email" },
    ]}
    loadDetail={async (user) => user.groups.join(", ") || "No groups"}
    rowActions={[{ title: "Delete", isDanger: true, onAction: () => undefined }]}
    toolbarActions={() => null}
  />
);

const sampleForm = (
  <AlertsProvider>
    <SampleForm issuer="http://127.0.0.1:8180/realms/demo" />
  </AlertsProvider>
);

/** Serious and critical axe violations inside the element (axe walks open shadow roots). */
async function seriousViolations(host: Element) {
  const results = await axe.run(host, {
    resultTypes: ["violations"],
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
}

describe("catalogue table and form: accessibility and keyboard", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("axe finds no serious or critical violation in the table", async () => {
    const { element, root } = await mountUi(usersTable);
    await waitFor(() => root.querySelectorAll("tbody tr").length >= 10, "the rows");
    await realClick(root.querySelector("td.pf-v6-c-table__toggle button")!);
    await waitFor(() => root.querySelector("tr.pf-m-expanded"), "an expanded row");
    expect(await seriousViolations(element)).to.deep.equal([]);
  });

  it("axe finds no serious or critical violation in the form", async () => {
    const { element, root } = await mountUi(sampleForm);
    await waitFor(() => root.querySelector("form"), "the form");
    expect(await seriousViolations(element)).to.deep.equal([]);
  });

  it("works the table with the keyboard alone: sort, select, kebab, expand", async () => {
    const { root } = await mountUi(usersTable);
    await waitFor(() => root.querySelectorAll("tbody tr").length === 10, "the rows");
    const search = root.querySelector<HTMLInputElement>('input[aria-label="Search"]')!;
    await realClick(search);
    const focusOn = async (target: Element, what: string) => {
      for (let step = 0; step < 40 && deepActiveElement() !== target; step++) await sendKeys({ press: "Tab" });
      expect(deepActiveElement(), what).to.equal(target);
    };
    const selectFirst = root.querySelector<HTMLInputElement>('tbody input[type="checkbox"]')!;
    await focusOn(selectFirst, "the first row's checkbox");
    await sendKeys({ press: "Space" });
    await waitFor(() => selectFirst.checked, "the row to be selected");
    const kebab = root.querySelector<HTMLButtonElement>('button[aria-label="Actions 1"]')!;
    await focusOn(kebab, "the first row's kebab");
    await sendKeys({ press: "Enter" });
    await waitFor(() => root.querySelector(".pf-v6-c-menu"), "the row menu");
    await sendKeys({ press: "Escape" });
    await waitFor(() => !root.querySelector(".pf-v6-c-menu"), "the menu to close");
    const expand = root.querySelectorAll<HTMLButtonElement>("td.pf-v6-c-table__toggle button")[1];
    await search.focus();
    await focusOn(expand, "the second row's expand toggle");
    await sendKeys({ press: "Enter" });
    await waitFor(() => root.querySelector("tr.pf-m-expanded")?.textContent?.includes("/Sales"), "the expanded detail");
  });

  it("fills and submits the sample form with the keyboard alone", async () => {
    const { root } = await mountUi(sampleForm);
    const displayName = await waitFor(() => root.querySelector<HTMLInputElement>("#kc-field-displayName"), "the form");
    await realClick(displayName);
    await sendKeys({ press: "End" });
    await sendKeys({ type: " two" });
    const next = async () => {
      await sendKeys({ press: "Tab" });
      return deepActiveElement();
    };
    // Type a secret, then reveal it with Space on the show button.
    const secret = root.querySelector<HTMLInputElement>("#kc-field-secret")!;
    for (let step = 0; step < 6 && deepActiveElement() !== secret; step++) await next();
    expect(deepActiveElement()).to.equal(secret);
    await sendKeys({ type: "s3cret-value" });
    await next();
    expect(deepActiveElement()?.getAttribute("aria-label")).to.equal("Show password field in clear text");
    await sendKeys({ press: "Space" });
    await waitFor(() => secret.type === "text", "the secret shown");
    // Tab to the switch and flip it with Space.
    const enabled = root.querySelector<HTMLInputElement>("#kc-field-enabled")!;
    for (let step = 0; step < 12 && deepActiveElement() !== enabled; step++) await next();
    expect(deepActiveElement()).to.equal(enabled);
    await sendKeys({ press: "Space" });
    await waitFor(() => !enabled.checked, "the switch off");
    // The stepper's plus button with Enter.
    const plus = root.querySelector<HTMLButtonElement>('button[aria-label="Maximum sessions +1"]')!;
    for (let step = 0; step < 6 && deepActiveElement() !== plus; step++) await next();
    expect(deepActiveElement()).to.equal(plus);
    await sendKeys({ press: "Enter" });
    await waitFor(
      () => root.querySelector<HTMLInputElement>("#kc-field-maxSessions")!.value === "4",
      "the stepper at 4",
    );
    // The theme select: open with Enter, move with ArrowDown, pick with Enter.
    const theme = root.querySelector<HTMLButtonElement>("#kc-field-theme")!;
    for (let step = 0; step < 4 && deepActiveElement() !== theme; step++) await next();
    expect(deepActiveElement()).to.equal(theme);
    await sendKeys({ press: "Enter" });
    const menu = await waitFor(() => root.querySelector(".pf-v6-c-menu"), "the theme menu");
    await settledBox(menu, "the theme menu in place");
    for (let step = 0; step < 4 && deepActiveElement()?.textContent !== "base"; step++)
      await sendKeys({ press: "ArrowDown" });
    await sendKeys({ press: "Enter" });
    await waitFor(() => theme.textContent?.trim() === "base", "the theme 'base'");
    // Submit with Enter on the save button.
    const save = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(save.disabled).to.equal(false);
    for (let step = 0; step < 60 && deepActiveElement() !== save; step++) await next();
    expect(deepActiveElement()).to.equal(save);
    await sendKeys({ press: "Enter" });
    // The alert stack may render outside the stage (AlertGroup portals to its appendTo): read its text anywhere.
    const alertText = () =>
      [root, document.body]
        .map((node) => [...node.querySelectorAll(".pf-v6-c-alert")].map((alert) => alert.textContent).join(" "))
        .join(" ");
    await waitFor(() => alertText().includes("Saved:"), "the saved alert");
    expect(alertText()).to.include('"displayName":"Demo realm two"');
    expect(alertText()).to.include('"maxSessions":4');
    expect(alertText()).to.include('"theme":"base"');
    expect(alertText()).to.include('"enabled":false');
    expect(alertText()).to.include('"secret":"s3cret-value"');
  });
});
