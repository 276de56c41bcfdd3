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
    find: async () => [{ id: "g1", name: "staff", path: "/staff", subGroupCount: 0 }],
    listSubGroups: async () => [],
  },
};

function WithFakeServer({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeContext.Provider value={{ adminClient: fakeAdminClient } as unknown as Runtime}>{children}</RuntimeContext.Provider>
    </QueryClientProvider>
  );
}

let chosenUsers: string[] = [];
function UserPickerStage() {
  const [values, setValues] = useState<string[]>([]);
  chosenUsers = values;
  return <UserPicker id="users" values={values} onChange={setValues} />;
}

const focusedOption = (root: ShadowRoot) => root.querySelector(".pf-v6-c-menu__list-item.pf-m-focus")?.textContent ?? "";

describe("pickers", () => {
  beforeEach(() => {
    userSearches.length = 0;
    chosenUsers = [];
  });
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("user picker: searches once per typing pause and picks with the keyboard", async () => {
    const { root } = await mountUi(<WithFakeServer><UserPickerStage /></WithFakeServer>);
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
    await sleep(50);
    expect(root.querySelector(".pf-v6-c-menu")).to.equal(null);
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
    const radio = await waitFor(() => root.querySelector<HTMLInputElement>('tr[data-group-id="g1"] input'), "the staff group");
    await realClick(radio);
    await realClick([...root.querySelectorAll<HTMLButtonElement>(".pf-v6-c-modal-box button")].find((button) => button.textContent === "Select")!);
    expect(picked).to.deep.equal([{ id: "g1", name: "staff", path: "/staff" }]);
    await sendKeys({ press: "Escape" });
    await waitFor(() => closed === 1, "the dialog's close");
  });
});
