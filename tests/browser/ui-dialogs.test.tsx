import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState, type ReactNode } from "react";
import { FormProvider } from "react-hook-form";
import { HashRouter, Link, MemoryRouter, Route, Routes } from "react-router";
import { ConfirmDialog } from "../../src/core/ui/dialogs/index.ts";
import { TextControl, UnsavedChangesGuard, useKcForm } from "../../src/core/ui/form/index.ts";
import { RoutableTabs, ViewHeader } from "../../src/core/ui/page/index.ts";
import { deepActiveElement, realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, mountUi } from "./ui-kit-harness.tsx";

function DirtyForm() {
  const form = useKcForm<{ name: string }>({ defaultValues: { name: "" } });
  return (
    <FormProvider {...form}>
      <form>
        <TextControl name="name" label="Name" />
        <UnsavedChangesGuard when={form.formState.isDirty} />
      </form>
    </FormProvider>
  );
}

function FormPage({ router }: { router: (children: ReactNode) => ReactNode }) {
  return router(
    <Routes>
      <Route
        path="/"
        element={
          <>
            <DirtyForm />
            <Link to="/other">Somewhere else</Link>
          </>
        }
      />
      <Route path="/other" element={<p className="other">Other page</p>} />
    </Routes>,
  );
}

const dialog = (root: ShadowRoot) => root.querySelector<HTMLElement>('[role="dialog"]');

async function makeDirty(root: ShadowRoot) {
  await realClick(root.querySelector("input#kc-field-name")!);
  await sendKeys({ type: "changed" });
}

async function leaveThroughLink(root: ShadowRoot) {
  await realClick(byText(root, "a", "Somewhere else")!);
  await waitFor(() => dialog(root), "the leave dialog");
  await realClick(byText(dialog(root)!, "button", "Stay on this page")!);
  await waitFor(() => !dialog(root), "the dialog to close");
  expect(root.querySelector(".other")).to.equal(null);
  expect(root.querySelector<HTMLInputElement>("input#kc-field-name")!.value).to.equal("changed");
  await realClick(byText(root, "a", "Somewhere else")!);
  await waitFor(() => dialog(root), "the leave dialog again");
  await realClick(byText(dialog(root)!, "button", "Leave and discard changes")!);
  await waitFor(() => root.querySelector(".other"), "the other page");
}

function TabbedUser() {
  return (
    <Routes>
      <Route
        path="/:realm/users/:id/:tab?"
        element={
          <RoutableTabs
            aria-label="User"
            tabs={[
              { key: "settings", title: "Details", content: <DirtyForm /> },
              { key: "attributes", title: "Attributes", content: <p className="attributes">Attributes tab</p> },
            ]}
          />
        }
      />
    </Routes>
  );
}

describe("dialogs, guard and page helpers", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("asks before leaving a dirty form on a route change (MemoryRouter)", async () => {
    const { root } = await mountUi(<FormPage router={(children) => <MemoryRouter>{children}</MemoryRouter>} />, {
      withRouter: false,
    });
    await realClick(byText(root, "a", "Somewhere else")!);
    await waitFor(() => root.querySelector(".other"), "a clean form leaves without asking");
    removeTestContainers();
    const again = await mountUi(<FormPage router={(children) => <MemoryRouter>{children}</MemoryRouter>} />, {
      withRouter: false,
    });
    await makeDirty(again.root);
    await leaveThroughLink(again.root);
  });

  it("asks before leaving a dirty form on a route change (HashRouter)", async () => {
    const before = location.hash;
    try {
      location.hash = "#/";
      const { root } = await mountUi(<FormPage router={(children) => <HashRouter>{children}</HashRouter>} />, {
        withRouter: false,
      });
      await makeDirty(root);
      await leaveThroughLink(root);
      expect(location.hash).to.equal("#/other");
    } finally {
      history.replaceState(null, "", before || location.pathname + location.search);
    }
  });

  it("selects the tab named in the URL, falls back to the first, and guards a tab change", async () => {
    const at = (path: string) =>
      mountUi(
        <MemoryRouter initialEntries={[path]}>
          <TabbedUser />
        </MemoryRouter>,
        { withRouter: false },
      );
    const attributes = await at("/demo/users/42/attributes");
    await waitFor(() => attributes.root.querySelector(".attributes"), "the attributes tab");
    removeTestContainers();
    const unknown = await at("/demo/users/42/nonsense");
    await waitFor(() => unknown.root.querySelector("input#kc-field-name"), "the first tab");
    removeTestContainers();

    const { root } = await at("/demo/users/42");
    await makeDirty(root);
    const attributesTab = byText(root, "button[role='tab']", "Attributes")!;
    await realClick(attributesTab);
    await waitFor(() => dialog(root), "the leave dialog");
    await realClick(byText(dialog(root)!, "button", "Stay on this page")!);
    await waitFor(() => !dialog(root), "the dialog to close");
    expect(root.querySelector(".attributes")).to.equal(null);
    await realClick(attributesTab);
    await waitFor(() => dialog(root), "the leave dialog again");
    await realClick(byText(dialog(root)!, "button", "Leave and discard changes")!);
    await waitFor(() => root.querySelector(".attributes"), "the attributes tab");
  });

  it("shows a destructive confirm dialog with a danger button; Escape cancels", async () => {
    const outcome: string[] = [];
    function Harness() {
      const [isOpen, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete realm
          </button>
          <ConfirmDialog
            isOpen={isOpen}
            variant="destructive"
            title="Delete realm demo?"
            onConfirm={() => {
              outcome.push("confirm");
              setOpen(false);
            }}
            onCancel={() => {
              outcome.push("cancel");
              setOpen(false);
            }}
          >
            Everything in it is deleted.
          </ConfirmDialog>
        </>
      );
    }
    const { root } = await mountUi(<Harness />);
    await realClick(byText(root, "button", "Delete realm")!);
    const modal = await waitFor(() => dialog(root), "the dialog");
    const confirm = modal.querySelector<HTMLButtonElement>('[data-testid="confirm"]')!;
    expect(confirm.className).to.include("pf-m-danger");
    expect(confirm.textContent).to.equal("Delete");
    await waitFor(() => modal.contains(deepActiveElement()), "focus inside the dialog");
    await sendKeys({ press: "Escape" });
    await waitFor(() => !dialog(root), "Escape to close");
    expect(outcome).to.deep.equal(["cancel"]);
    await realClick(byText(root, "button", "Delete realm")!);
    await waitFor(() => dialog(root), "the dialog again");
    await waitFor(() => dialog(root)!.contains(deepActiveElement()), "focus inside the dialog");
    for (let step = 0; step < 5 && deepActiveElement()?.getAttribute("data-testid") !== "confirm"; step++)
      await sendKeys({ press: "Tab" });
    await sendKeys({ press: "Enter" });
    await waitFor(() => outcome.length === 2, "the confirm");
    expect(outcome[1]).to.equal("confirm");
  });

  it("view header: turning the switch off asks first; the kebab action runs", async () => {
    const events: string[] = [];
    function Harness() {
      const [isEnabled, setEnabled] = useState(true);
      return (
        <ViewHeader
          title="portal"
          subtitle="Clients are applications that can request sign-in."
          badges={[{ text: "OpenID Connect" }]}
          enabled={{
            isEnabled,
            onChange: (next) => (events.push(`enabled:${next}`), setEnabled(next)),
            disableConfirm: {},
          }}
          actions={[{ title: "Export", onClick: () => events.push("export") }]}
        />
      );
    }
    const { root } = await mountUi(<Harness />);
    await realClick(root.querySelector("#kc-view-header-enabled")!.closest("label")!);
    const modal = await waitFor(() => dialog(root), "the disable confirmation");
    expect(modal.textContent).to.include("Disable portal?");
    await realClick(modal.querySelector('[data-testid="confirm"]')!);
    await waitFor(() => events.includes("enabled:false"), "the switch to turn off");
    await realClick(root.querySelector('button[aria-label="Actions"]')!);
    const item = await waitFor(() => byText(root, ".pf-v6-c-menu li button", "Export"), "the header menu");
    await realClick(item);
    await waitFor(() => events.includes("export"), "the export action");
  });
});
