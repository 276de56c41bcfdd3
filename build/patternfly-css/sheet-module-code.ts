import { existsSync } from "node:fs";
import path from "node:path";
import type { ShadowCss } from "./transform-css.ts";

/**
 * The JS module that replaces one CSS file: it registers the file's sheet and its hoisted
 * fonts/properties with the runtime registry. Asset urls become `?url` imports so the bundler
 * emits them next to the bundle and resolves them against import.meta.url.
 */
export function sheetModuleCode(options: {
  sheetId: string;
  cssFile: string;
  shadowCss: ShadowCss;
  registryModule: string;
  documentModule: string;
}): string {
  const { sheetId, cssFile, shadowCss, registryModule, documentModule } = options;
  const lines = [
    `import { registerSheet } from ${JSON.stringify(registryModule)};`,
    `import { registerFontFaces, registerProperties } from ${JSON.stringify(documentModule)};`,
  ];
  shadowCss.urls.forEach((url, index) => {
    lines.push(`import url${index} from ${JSON.stringify(resolveAssetUrl(cssFile, url) + "?url")};`);
  });
  lines.push(`const urls = [${shadowCss.urls.map((_, index) => `url${index}`).join(", ")}];`);
  lines.push(`const withUrls = (text) => text.replace(/__KC_URL_(\\d+)__/g, (_, index) => urls[Number(index)]);`);
  if (shadowCss.properties.length) {
    lines.push(`registerProperties(${JSON.stringify(shadowCss.properties)});`);
  }
  if (shadowCss.fontFaces.length) {
    lines.push(
      `registerFontFaces(${JSON.stringify(shadowCss.fontFaces)}.map((face) => ({ ...face, source: withUrls(face.source) })));`,
    );
  }
  if (shadowCss.css.trim()) {
    lines.push(`registerSheet(${JSON.stringify(sheetId)}, withUrls(${JSON.stringify(shadowCss.css)}));`);
  }
  lines.push("export default {};");
  return lines.join("\n");
}

/**
 * PatternFly's split base files (base/*.css) keep the urls of the concatenated
 * patternfly-base.css, relative to the package root; fall back to that root.
 */
export function resolveAssetUrl(cssFile: string, url: string): string {
  const besideFile = path.resolve(path.dirname(cssFile), url);
  if (existsSync(besideFile)) return besideFile;
  const packageRoot = cssFile.slice(0, cssFile.indexOf("@patternfly/patternfly/") + "@patternfly/patternfly/".length);
  const besidePackage = path.resolve(packageRoot, url);
  if (cssFile.includes("@patternfly/patternfly/") && existsSync(besidePackage)) return besidePackage;
  throw new Error(`kc-shadow-sheets: cannot find ${url} referenced from ${cssFile}`);
}
