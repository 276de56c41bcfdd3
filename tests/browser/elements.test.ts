import { expect } from "chai";
import { DemoArea } from "../../src/elements/demo-admin/demo-area.tsx";
import { createElementClass, defineElement } from "../../src/elements/define-element.ts";
import { define as defineDemo } from "../../src/elements/demo-admin.ts";
import {
  buttonByText,
  mountElement,
  realClick,
  removeTestContainers,
  shadowQuery,
  waitFor,
} from "./elements-helpers.ts";

const demo = {
  name: "demo-admin",
  component: DemoArea,
  attributes: { compact: { prop: "compact", type: "boolean" as const } },
};
const renderedProps = (element: HTMLElement) => JSON.parse(shadowQuery(element, "[data-testid=props]")!.textContent!);

describe("element wrapper", () => {
  afterEach(removeTestContainers);

  it("keeps a property set before the element was defined", async () => {
    const element = document.createElement("kc-late-admin") as HTMLElement & Record<string, unknown>;
    element.tokenProvider = { getAccessToken: async () => "token" };
    element.realm = "acme";
    const container = document.createElement("div");
    container.className = "test-container";
    container.append(element);
    document.body.append(container);
    customElements.define("kc-late-admin", createElementClass({ ...demo, name: "late-admin" }));
    await waitFor(() => element.shadowRoot?.querySelector("section"), "render");
    expect(renderedProps(element)).to.include({ realm: "acme", hasTokenProvider: true });
    expect(element.getAttribute("realm")).to.equal("acme");
  });

  it("clears a prop when its attribute is removed", async () => {
    const element = await mountElement("kc-demo-admin", { realm: "acme" });
    expect(renderedProps(element).realm).to.equal("acme");
    element.removeAttribute("realm");
    await waitFor(() => renderedProps(element).realm === null, "realm cleared");
  });

  it("reads a boolean attribute from its presence", async () => {
    const element = await mountElement("kc-demo-admin", { compact: "" });
    expect(renderedProps(element).compact).to.equal(true);
    element.removeAttribute("compact");
    await waitFor(() => renderedProps(element).compact === false, "compact false");
    (element as HTMLElement & { compact: boolean }).compact = true;
    expect(element.hasAttribute("compact")).to.equal(true);
  });

  it("passes functions and objects through untouched", async () => {
    const element = (await mountElement("kc-demo-admin")) as HTMLElement & Record<string, unknown>;
    const provider = () => "token";
    element.tokenProvider = provider;
    expect(element.tokenProvider).to.equal(provider);
    expect(element.hasAttribute("token-provider")).to.equal(false);
    await waitFor(() => renderedProps(element).hasTokenProvider, "token provider prop");
  });

  it("keeps React state when the element moves in the DOM", async () => {
    const element = await mountElement("kc-demo-admin");
    await realClick(buttonByText(element, "Clicked")!);
    await waitFor(() => buttonByText(element, "Clicked 1"), "count 1");
    const elsewhere = document.createElement("div");
    elsewhere.className = "test-container";
    document.body.prepend(elsewhere);
    elsewhere.append(element);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(buttonByText(element, "Clicked")!.textContent).to.contain("Clicked 1");
  });

  it("dispatches kc- events that bubble out of the shadow root", async () => {
    const element = await mountElement("kc-demo-admin");
    const received = new Promise<CustomEvent>((resolve) =>
      document.addEventListener("kc-demo-clicked", (event) => resolve(event as CustomEvent), { once: true }),
    );
    await realClick(buttonByText(element, "Announce")!);
    const event = await received;
    expect(event).to.be.instanceOf(CustomEvent);
    expect(event.bubbles).to.equal(true);
    expect(event.composed).to.equal(true);
    expect(event.target).to.equal(element);
    expect(event.detail).to.deep.equal({ count: 0 });
  });

  it("creates the mount div inside the shadow root before rendering", async () => {
    const element = await mountElement("kc-demo-admin");
    const mountRoot = shadowQuery(element, ".kc-element-root");
    expect(mountRoot?.parentNode).to.equal(element.shadowRoot);
    expect(mountRoot?.querySelector("section")).to.not.equal(null);
  });

  it("defines without throwing when already defined, and under another prefix", () => {
    expect(() => defineElement(demo)).to.not.throw();
    expect(() => defineDemo()).to.not.throw();
    expect(defineDemo("acme")).to.equal("acme-demo-admin");
    expect(customElements.get("acme-demo-admin")).to.not.equal(undefined);
    expect(customElements.get("acme-demo-admin")).to.not.equal(customElements.get("kc-demo-admin"));
  });
});

describe("loader", () => {
  afterEach(removeTestContainers);

  it("can be loaded twice, and loads an area on first use", async () => {
    const loaderUrl = new URL("./loader.js", import.meta.url).href;
    const first = await import(/* @vite-ignore */ `${loaderUrl}?copy=1`);
    const second = await import(/* @vite-ignore */ `${loaderUrl}?copy=2`);
    expect(first.define).to.be.a("function");
    expect(() => second.define("zz")).to.not.throw();
    const element = document.createElement("zz-demo-admin");
    const container = document.createElement("div");
    container.className = "test-container";
    container.append(element);
    document.body.append(container);
    await waitFor(() => customElements.get("zz-demo-admin"), "zz-demo-admin defined");
    await waitFor(() => element.shadowRoot?.querySelector("section"), "zz-demo-admin rendered");
    await first.load("kc-demo-admin");
  });
});
