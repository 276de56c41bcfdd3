// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAssetUrl } from "../../build/patternfly-css/sheet-module-code.ts";
import { DARK_STATE, transformCssForShadowRoot } from "../../build/patternfly-css/transform-css.ts";
import { DARK_THEME_STATE } from "../../src/core/styles/theme.ts";

const patternflyFile = (file: string) => path.resolve("node_modules/@patternfly/patternfly", file);
const transform = (file: string) => transformCssForShadowRoot(readFileSync(patternflyFile(file), "utf8"));

describe("PatternFly CSS for shadow roots", () => {
  it("moves the tokens from :root to :host and keys the dark theme on the element (PatternFly 6.5.2)", () => {
    const { css, stats } = transform("base/patternfly-variables.css");
    // The light and dark blocks; the glass, felt and high-contrast variants are dropped.
    expect(stats).toMatchObject({ rootSelectors: 2, darkSelectors: 1, remValues: 31 });
    expect(css).not.toMatch(/:root/);
    expect(css).toContain(":host(:where([theme=dark], :state(dark))), :where(.pf-v6-theme-dark) {");
    expect(css).toMatch(/^:host \{/m);
    expect(DARK_STATE).toBe(DARK_THEME_STATE);
  });

  it("hoists @font-face and @property and drops icon fonts", () => {
    const fonts = transform("base/patternfly-fonts.css");
    expect(fonts.fontFaces.map((face) => face.family)).toEqual([
      "Red Hat Text",
      "Red Hat Text",
      "Red Hat Display",
      "Red Hat Display",
      "Red Hat Mono",
      "Red Hat Mono",
    ]);
    expect(fonts.css).not.toContain("@font-face");
    const common = transform("base/patternfly-common.css");
    expect(common.properties.map((property) => property.name)).toEqual([
      "--pf-v6-global--thinking--BoxShadow--Spread",
      "--pf-v6-global--danger-jiggle--TranslateX",
    ]);
    expect(common.css).not.toContain("@property");
    const icons = transform("base/patternfly-pf-icons.css");
    expect(icons.fontFaces).toEqual([]);
    expect(icons.stats.droppedIconFonts).toBe(1);
  });

  it("scales rem from --kc-rem, outside media queries and names", () => {
    const { css, stats } = transformCssForShadowRoot(
      ".a { padding: 1rem 0.5rem; --x--2rem: 2rem; } @media (min-width: 36rem) { .b { margin: .25rem; } }",
    );
    expect(stats.remValues).toBe(4);
    expect(css).toContain("padding: calc(1 * var(--kc-rem, 16px)) calc(0.5 * var(--kc-rem, 16px))");
    expect(css).toContain("--x--2rem: calc(2 * var(--kc-rem, 16px))");
    expect(css).toContain("@media (min-width: 36rem)");
    expect(css).toContain("margin: calc(.25 * var(--kc-rem, 16px))");
  });

  it("counts the component CSS it rewrites (Button, Menu)", () => {
    const componentCss = (name: string) =>
      transformCssForShadowRoot(
        readFileSync(path.resolve(`node_modules/@patternfly/react-styles/css/components/${name}`), "utf8"),
      ).stats;
    expect(componentCss("Button/button.css")).toEqual({
      rootSelectors: 0,
      darkSelectors: 0,
      remValues: 3,
      droppedIconFonts: 0,
    });
    expect(componentCss("Menu/menu.css")).toEqual({
      rootSelectors: 0,
      darkSelectors: 0,
      remValues: 1,
      droppedIconFonts: 0,
    });
  });

  it("drops the theme variants the elements never set, keeping light and dark", () => {
    const source = readFileSync(patternflyFile("base/patternfly-variables.css"), "utf8");
    expect(source).toMatch(/pf-v6-theme-(glass|felt|high-contrast)/);
    const { css } = transformCssForShadowRoot(
      source +
        ".a, :where(.pf-v6-theme-glass) .a { color: red; } :where(.pf-v6-theme-high-contrast) .b { color: blue; }",
    );
    expect(css).not.toMatch(/pf-v6-theme-(glass|felt|high-contrast)/);
    expect(css).toContain(".a { color: red; }");
    expect(css).not.toContain(".b {");
    expect(css).toContain(":where(.pf-v6-theme-dark)");
  });

  it("turns urls into placeholders resolved beside the file or the package root", () => {
    const { urls, css } = transformCssForShadowRoot(
      '.a { background: url("./assets/images/x.svg"), url(data:image/png;base64,AA==); }',
    );
    expect(urls).toEqual(["./assets/images/x.svg"]);
    expect(css).toContain("__KC_URL_0__");
    const fontsFile = patternflyFile("base/patternfly-fonts.css");
    expect(resolveAssetUrl(fontsFile, "./assets/fonts/RedHatText/RedHatTextVF.woff2")).toBe(
      patternflyFile("assets/fonts/RedHatText/RedHatTextVF.woff2"),
    );
  });
});
