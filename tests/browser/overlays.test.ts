import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import "../../src/elements/demo-admin.ts";
import {
  buttonByText,
  deepActiveElement,
  mountElement,
  realClick,
  removeTestContainers,
  shadowQuery,
  waitFor,
} from "./elements-helpers.ts";

/** Waits until Popper has placed the menu (its box stops moving). */
async function settled(menu: Element) {
  let previous = "";
  await waitFor(() => {
    const box = JSON.stringify(menu.getBoundingClientRect());
    const still = box === previous && getComputedStyle(menu.parentElement!).opacity === "1";
    previous = box;
    return still;
  }, "the menu to settle");
}

const openMenu = (element: HTMLElement) => shadowQuery(element, ".pf-v6-c-menu");

async function openActions(element: HTMLElement) {
  await realClick(buttonByText(element, "Actions")!);
  const menu = await waitFor(() => openMenu(element), "the actions menu");
  await settled(menu);
  return menu;
}

describe("overlays inside the shadow root (real input)", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("opens a dropdown with a click, inside the shadow root", async () => {
    const element = await mountElement("kc-demo-admin");
    const menu = await openActions(element);
    expect(menu.getRootNode()).to.equal(element.shadowRoot);
    expect(document.body.querySelector(".pf-v6-c-menu")).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openMenu(element)).to.not.equal(null);
  });

  it("moves through the items with ArrowDown and closes on Escape", async () => {
    const element = await mountElement("kc-demo-admin");
    const menu = await openActions(element);
    const items = [...menu.querySelectorAll<HTMLElement>("li button")];
    const visited: (Element | null)[] = [];
    for (let step = 0; step < 3; step++) {
      await sendKeys({ press: "ArrowDown" });
      visited.push(deepActiveElement());
    }
    expect(new Set(visited).size).to.equal(3);
    visited.forEach((item) => expect(items).to.include(item));
    await sendKeys({ press: "Escape" });
    await waitFor(() => !openMenu(element), "the menu to close on Escape");
  });

  it("closes the dropdown on a click outside", async () => {
    const element = await mountElement("kc-demo-admin");
    await openActions(element);
    await sendMouse({ type: "click", position: [window.innerWidth - 5, window.innerHeight - 5] });
    await waitFor(() => !openMenu(element), "the menu to close on an outside click");
  });

  it("keeps the dropdown open on a click on the search field inside it", async () => {
    const element = await mountElement("kc-demo-admin");
    const menu = await openActions(element);
    const search = menu.querySelector<HTMLInputElement>("input")!;
    await realClick(search);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(openMenu(element)).to.not.equal(null);
    expect(deepActiveElement()).to.equal(search);
    await sendKeys({ type: "dis" });
    await waitFor(() => menu.querySelectorAll("li button").length === 1, "the filtered list");
    expect(openMenu(element)).to.not.equal(null);
  });

  it("opens a modal inside the shadow root and traps focus in it", async () => {
    const element = await mountElement("kc-demo-admin");
    await realClick(buttonByText(element, "Open dialog")!);
    const dialog = await waitFor(() => shadowQuery(element, ".pf-v6-c-modal-box"), "the dialog");
    expect(dialog.getRootNode()).to.equal(element.shadowRoot);
    await waitFor(() => dialog.contains(deepActiveElement()), "focus inside the dialog");
    const focused = new Set<Element | null>();
    for (let step = 0; step < 6; step++) {
      await sendKeys({ press: "Tab" });
      const active = deepActiveElement();
      expect(dialog.contains(active), `focus after ${step + 1} Tab(s)`).to.equal(true);
      focused.add(active);
    }
    expect(focused.size).to.equal(3);
    await sendKeys({ press: "Escape" });
    await waitFor(() => !shadowQuery(element, ".pf-v6-c-modal-box"), "the dialog to close");
  });
});
