import { expect } from "chai";
import "../../src/elements/demo-admin.ts";
import { mountElement, removeTestContainers, shadowQuery, waitFor } from "./elements-helpers.ts";

const primaryButton = (element: HTMLElement) => shadowQuery(element, ".pf-v6-c-button.pf-m-primary")!;

describe("PatternFly styles in shadow roots", () => {
  afterEach(() => {
    removeTestContainers();
    document.documentElement.style.fontSize = "";
    document.documentElement.classList.remove("pf-v6-theme-dark");
  });

  it("resolves design tokens inside the shadow root", async () => {
    const element = await mountElement("kc-demo-admin");
    const background = getComputedStyle(primaryButton(element)).backgroundColor;
    expect(background).to.not.equal("");
    expect(background).to.not.equal("rgba(0, 0, 0, 0)");
    expect(getComputedStyle(element).display).to.equal("block");
  });

  it("shares one adopted stylesheet object between elements", async () => {
    const first = await mountElement("kc-demo-admin");
    const second = await mountElement("kc-demo-admin");
    const firstSheets = first.shadowRoot!.adoptedStyleSheets;
    const secondSheets = second.shadowRoot!.adoptedStyleSheets;
    expect(firstSheets.length).to.be.greaterThan(3);
    expect(secondSheets.length).to.equal(firstSheets.length);
    firstSheets.forEach((sheet, index) => expect(secondSheets[index]).to.equal(sheet));
    expect(document.querySelectorAll("style").length).to.equal(0);
  });

  it("keeps its size under html { font-size: 62.5% }", async () => {
    const element = await mountElement("kc-demo-admin");
    const before = primaryButton(element).getBoundingClientRect();
    const fontBefore = getComputedStyle(primaryButton(element)).fontSize;
    document.documentElement.style.fontSize = "62.5%";
    const after = primaryButton(element).getBoundingClientRect();
    expect(getComputedStyle(primaryButton(element)).fontSize).to.equal(fontBefore);
    expect(after.height).to.equal(before.height);
    expect(after.width).to.equal(before.width);
  });

  it("switches to the dark theme with theme=dark", async () => {
    const element = await mountElement("kc-demo-admin");
    const mountRoot = shadowQuery(element, ".kc-element-root")!;
    const lightColour = getComputedStyle(mountRoot).color;
    element.setAttribute("theme", "dark");
    await waitFor(() => getComputedStyle(mountRoot).color !== lightColour, "dark text colour");
    expect(mountRoot.classList.contains("pf-v6-theme-dark")).to.equal(true);
    element.setAttribute("theme", "light");
    await waitFor(() => getComputedStyle(mountRoot).color === lightColour, "light text colour again");
  });

  it("follows the host page's dark class with theme=inherit", async () => {
    const element = await mountElement("kc-demo-admin", { theme: "inherit" });
    const mountRoot = shadowQuery(element, ".kc-element-root")!;
    document.documentElement.classList.add("pf-v6-theme-dark");
    await waitFor(() => mountRoot.classList.contains("pf-v6-theme-dark"), "dark class on the mount root");
    document.documentElement.classList.remove("pf-v6-theme-dark");
    await waitFor(() => !mountRoot.classList.contains("pf-v6-theme-dark"), "light again");
  });

  it("gives links PatternFly's link colour, not the browser's, in light and dark", async () => {
    const element = await mountElement("kc-demo-admin");
    const mountRoot = shadowQuery(element, ".kc-element-root")!;
    const link = document.createElement("a");
    link.href = "#somewhere";
    link.textContent = "a link";
    const token = document.createElement("span");
    token.style.color = "var(--pf-t--global--text--color--link--default)";
    mountRoot.append(link, token);
    const browserDefault = "rgb(0, 0, 238)";
    expect(getComputedStyle(link).color).to.not.equal(browserDefault);
    expect(getComputedStyle(link).color).to.equal(getComputedStyle(token).color);
    const lightColour = getComputedStyle(link).color;
    element.setAttribute("theme", "dark");
    await waitFor(() => mountRoot.classList.contains("pf-v6-theme-dark"), "dark class on the mount root");
    await waitFor(() => getComputedStyle(link).color !== lightColour, "dark link colour");
    expect(getComputedStyle(link).color).to.not.equal(browserDefault);
    expect(getComputedStyle(link).color).to.equal(getComputedStyle(token).color);
  });

  it("registers PatternFly's text fonts once on the document", async () => {
    await mountElement("kc-demo-admin");
    const families = [...document.fonts].map((face) => face.family.replace(/"/g, ""));
    expect(families.filter((family) => family === "Red Hat Text").length).to.equal(2);
    expect(families.some((family) => /pficon|awesome/i.test(family))).to.equal(false);
  });
});
