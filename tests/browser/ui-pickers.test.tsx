import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Runtime } from "../../src/core/runtime/runtime.ts";
import { RuntimeContext } from "../../src/core/runtime/runtime-context.tsx";
import { GroupPickerDialog, UserPicker, type PickedGroup } from "../../src/core/ui/pickers/index.ts";
import { deepActiveElement, realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { mountUi, sleep } from "./ui-kit-harness.tsx";

const people = ["alice", "albert", "bob"].map((username) => ({ id: `id-${username}`, username }));
const userSearches: string[] = [];

const fakeAdminClient = {
  realmName: "test",
  users: {
    find: async ({ search = "" }: { search?: string }) => {
      userSearches.push(search);
      return people.filter((person) => person.username.includes(search));
    },
  },
  groups: {
    find: async () => [
      { id: "g1", name: "staff", path: "/staff", subGroupCount: 0 },
      { id: "g2", name: "sales", path: "/sales", subGroupCount: 0 },
    ],
    listSubGroups: async () => [],
  },
};

function WithFakeServer({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeContext.Provider value={{ adminClient: fakeAdminClient } as unknown as Runtime}>
        {children}
      </RuntimeContext.Provider>
    </QueryClientProvider>
  );
}

let chosenUsers: string[] = [];
function UserPickerStage() {
  const [values, setValues] = useState<string[]>([]);
  chosenUsers = values;
  return <UserPicker id="users" values={values} onChange={setValues} />;
}

let pickedGroups: PickedGroup[][] = [];
function GroupPickerStage() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="opener" onClick={() => setOpen(true)}>
        Join group
      </button>
      {isOpen && (
        <GroupPickerDialog
          onClose={() => setOpen(false)}
          onSelect={(groups) => {
            pickedGroups.push(groups);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(target: () => Element | null | undefined, what: string, limit = 12) {
  for (let step = 0; step < limit && deepActiveElement() !== target(); step++) await sendKeys({ press: "Tab" });
  expect(deepActiveElement() === target(), `focus on ${what}`).to.equal(true);
}

const focusedOption = (root: ShadowRoot) =>
  root.querySelector(".pf-v6-c-menu__list-item.pf-m-focus")?.textContent ?? "";

describe("pickers", () => {
  beforeEach(() => {
    userSearches.length = 0;
    chosenUsers = [];
    pickedGroups = [];
  });
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("user picker: searches once per typing pause and picks with the keyboard", async () => {
    const { root } = await mountUi(
      <WithFakeServer>
        <UserPickerStage />
      </WithFakeServer>,
    );
    const input = await waitFor(() => root.querySelector<HTMLInputElement>("#users"), "the picker");
    await realClick(input);
    await sendKeys({ type: "al" });
    await waitFor(() => root.querySelectorAll(".pf-v6-c-menu .pf-v6-c-menu__item").length === 2, "alice and albert");
    expect(userSearches.filter((search) => search !== "")).to.deep.equal(["al"]);
    await sendKeys({ press: "ArrowDown" });
    await waitFor(() => focusedOption(root).startsWith("alice"), "alice focused");
    await sendKeys({ press: "ArrowDown" });
    await waitFor(() => focusedOption(root).startsWith("albert"), "albert focused");
    expect(deepActiveElement()).to.equal(input);
    await sendKeys({ press: "Enter" });
    await waitFor(() => chosenUsers.length === 1, "a chosen user");
    expect(chosenUsers).to.deep.equal(["id-albert"]);
    expect(root.textContent).to.include("albert");
    await sendKeys({ press: "Escape" });
    await waitFor(() => !root.querySelector(".pf-v6-c-menu"), "Escape to close the menu");
  });

  it("group picker: Escape closes the dialog; a chosen group comes back with its path", async () => {
    let closed = 0;
    let picked: PickedGroup[] = [];
    const dialog = (
      <WithFakeServer>
        <GroupPickerDialog onClose={() => (closed += 1)} onSelect={(groups) => (picked = groups)} />
      </WithFakeServer>
    );
    const { root } = await mountUi(dialog);
    const radio = await waitFor(
      () => root.querySelector<HTMLInputElement>('tr[data-group-id="g1"] input'),
      "the staff group",
    );
    await realClick(radio);
    await realClick(
      [...root.querySelectorAll<HTMLButtonElement>(".pf-v6-c-modal-box button")].find(
        (button) => button.textContent === "Select",
      )!,
    );
    expect(picked).to.deep.equal([{ id: "g1", name: "staff", path: "/staff" }]);
    await sendKeys({ press: "Escape" });
    await waitFor(() => closed === 1, "the dialog's close");
  });

  it("group picker with the keyboard alone: Enter opens, Tab, Space and arrows choose, Enter selects, Escape closes, focus back on the opener", async () => {
    const { root } = await mountUi(
      <WithFakeServer>
        <GroupPickerStage />
      </WithFakeServer>,
    );
    const opener = root.querySelector<HTMLButtonElement>("button.opener")!;
    const modal = () => root.querySelector<HTMLElement>(".pf-v6-c-modal-box");
    const selectButton = () =>
      [...(modal()?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find(
        (button) => button.textContent === "Select",
      );
    await tabTo(() => opener, "the opener");
    await sendKeys({ press: "Enter" });
    await waitFor(() => modal()?.querySelector('tr[data-group-id="g2"] input'), "the groups in the dialog");
    await waitFor(() => modal()!.contains(deepActiveElement()), "focus inside the dialog");
    expect(selectButton()!.disabled, "nothing chosen yet").to.equal(true);
    const radio = (id: string) => modal()!.querySelector<HTMLInputElement>(`tr[data-group-id="${id}"] input`)!;
    // The rows' radios are one group: one Tab stop, arrows move within it.
    await tabTo(() => radio("g1"), "the staff radio");
    await sendKeys({ press: "Space" });
    await waitFor(() => radio("g1").checked, "staff chosen");
    await waitFor(() => !selectButton()!.disabled, "Select to enable");
    await sendKeys({ press: "ArrowDown" });
    await waitFor(() => radio("g2").checked && !radio("g1").checked, "sales chosen instead");
    await tabTo(selectButton, "the Select button");
    await sendKeys({ press: "Enter" });
    await waitFor(() => pickedGroups.length === 1, "the chosen group");
    expect(pickedGroups[0]).to.deep.equal([{ id: "g2", name: "sales", path: "/sales" }]);
    await waitFor(() => !modal(), "the dialog to close");
    await waitFor(() => deepActiveElement() === opener, "focus back on the opener after selecting");

    await sendKeys({ press: "Enter" });
    await waitFor(() => modal()?.querySelector('tr[data-group-id="g1"]'), "the dialog again");
    await waitFor(() => modal()!.contains(deepActiveElement()), "focus inside the dialog again");
    await sleep(50);
    await sendKeys({ press: "Escape" });
    await waitFor(() => !modal(), "Escape to close the dialog");
    expect(pickedGroups.length, "Escape picks nothing").to.equal(1);
    await waitFor(() => deepActiveElement() === opener, "focus back on the opener after Escape");
  });
});
