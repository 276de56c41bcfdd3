import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState, type Ref } from "react";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import {
  Dropdown,
  DropdownItem,
  DropdownList,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  SingleSelect,
} from "../../src/core/ui/overlays/index.ts";
import { deepActiveElement, realClick, removeTestContainers, settledBox, waitFor } from "./elements-helpers.ts";
import { byText, mountUi } from "./ui-kit-harness.tsx";

const KINDS = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta"];

/** A dialog with a scrolling body, a select at the body's bottom edge and a dropdown in the footer. */
function DialogWithMenus() {
  const [isAddOpen, setAddOpen] = useState(false);
  const [added, setAdded] = useState("nothing");
  const [kind, setKind] = useState("Alpha");
  const add = (type: string) => {
    setAdded(type);
    setAddOpen(false);
  };
  return (
    <Modal isOpen variant="small" aria-label="Menus dialog" onClose={() => undefined}>
      <ModalHeader title="Menus" />
      <ModalBody>
        <div style={{ height: "120vh" }}>Tall content that makes the body scroll.</div>
        <SingleSelect
          aria-label="Kind"
          options={KINDS.map((name) => ({ value: name, label: name }))}
          value={kind}
          onChange={setKind}
        />
        <p className="added">Added as {added}</p>
      </ModalBody>
      <ModalFooter>
        <Dropdown
          isOpen={isAddOpen}
          onOpenChange={setAddOpen}
          shouldFocusToggleOnSelect
          toggle={(toggleRef: Ref<MenuToggleElement>) => (
            <MenuToggle ref={toggleRef} variant="primary" onClick={() => setAddOpen(!isAddOpen)}>
              Add
            </MenuToggle>
          )}
        >
          <DropdownList>
            <DropdownItem onClick={() => add("default")}>Default</DropdownItem>
            <DropdownItem onClick={() => add("optional")}>Optional</DropdownItem>
          </DropdownList>
        </Dropdown>
      </ModalFooter>
    </Modal>
  );
}

/** True when `node` or an ancestor (across shadow roots) is hidden from assistive technology. */
function isHiddenFromAssistiveTech(node: Element): boolean {
  for (let current: Element | null = node; current;) {
    if (current.getAttribute("aria-hidden") === "true") return true;
    const parent: Element | null = current.parentElement;
    current = parent ?? ((current.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return false;
}

/** The element the user would hit at the middle of `node` (not another element covering or clipping it). */
function isHitAtItsMiddle(root: ShadowRoot, node: Element): boolean {
  const box = node.getBoundingClientRect();
  const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && node.contains(hit);
}

/** The menu in place and faded in. */
async function settled(menu: Element) {
  await settledBox(menu, "the menu to settle");
  await waitFor(() => getComputedStyle(menu).opacity === "1", "the menu to fade in");
}

const dialog = (root: ShadowRoot) => root.querySelector<HTMLElement>('[role="dialog"]')!;

describe("menus inside a dialog (real input)", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("renders a dropdown's menu inside the dialog, visible to assistive technology, and picks with the mouse", async () => {
    const { root } = await mountUi(<DialogWithMenus />);
    await waitFor(() => root.querySelector('[role="dialog"]'), "the dialog");
    await realClick(byText(dialog(root), "button", "Add")!);
    const menu = await waitFor(() => root.querySelector<HTMLElement>('[role="menu"]'), "the add menu");
    await settled(menu);
    const optional = byText(menu, '[role="menuitem"]', "Optional")!;
    expect(isHiddenFromAssistiveTech(optional), "the menu item is hidden from assistive technology").to.equal(false);
    expect(dialog(root).contains(menu), "the menu is inside the dialog").to.equal(true);
    expect(isHitAtItsMiddle(root, optional), "the menu item can be clicked").to.equal(true);
    await realClick(optional);
    await waitFor(() => root.querySelector(".added")?.textContent === "Added as optional", "the chosen type");
    expect(isHiddenFromAssistiveTech(dialog(root))).to.equal(false);
  });

  it("keeps keyboard use and focus inside the dialog", async () => {
    const { root } = await mountUi(<DialogWithMenus />);
    await waitFor(() => root.querySelector('[role="dialog"]'), "the dialog");
    const toggle = byText(dialog(root), "button", "Add")!;
    await realClick(toggle);
    const menu = await waitFor(() => root.querySelector<HTMLElement>('[role="menu"]'), "the add menu");
    await settled(menu);
    await sendKeys({ press: "ArrowDown" });
    await waitFor(() => deepActiveElement()?.textContent === "Default", "focus on the first item");
    await sendKeys({ press: "ArrowDown" });
    await waitFor(() => deepActiveElement()?.textContent === "Optional", "focus on the second item");
    expect(dialog(root).contains(deepActiveElement())).to.equal(true);
    await sendKeys({ press: "Enter" });
    await waitFor(() => root.querySelector(".added")?.textContent === "Added as optional", "the chosen type");
    await waitFor(() => !root.querySelector('[role="menu"]'), "the menu to close");
    await waitFor(() => deepActiveElement() === toggle, "focus back on the toggle, in the dialog");
  });

  it("shows a select's whole list past the dialog body's scrolling edge", async () => {
    const { root } = await mountUi(<DialogWithMenus />);
    await waitFor(() => root.querySelector('[role="dialog"]'), "the dialog");
    const body = dialog(root).querySelector<HTMLElement>(".pf-v6-c-modal-box__body")!;
    const toggle = dialog(root).querySelector<HTMLElement>('button[aria-label="Kind"]')!;
    toggle.scrollIntoView({ block: "end" });
    await waitFor(() => body.scrollTop > 0, "the dialog body to scroll");
    await realClick(toggle);
    const list = await waitFor(() => root.querySelector<HTMLElement>('[role="listbox"]'), "the kind list");
    await settled(list);
    expect(dialog(root).contains(list), "the list is inside the dialog").to.equal(true);
    const options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.map((option) => option.textContent)).to.deep.equal(KINDS);
    for (const option of options) {
      expect(isHiddenFromAssistiveTech(option), `${option.textContent} is exposed`).to.equal(false);
      expect(isHitAtItsMiddle(root, option), `${option.textContent} is not clipped`).to.equal(true);
    }
    await realClick(options.at(-1)!);
    await waitFor(() => toggle.textContent === "Theta", "the chosen kind");
    expect(dialog(root).contains(deepActiveElement()), "focus back in the dialog").to.equal(true);
  });
});
