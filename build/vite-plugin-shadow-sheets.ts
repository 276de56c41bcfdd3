import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { sheetModuleCode } from "./patternfly-css/sheet-module-code.ts";
import { transformCssForShadowRoot } from "./patternfly-css/transform-css.ts";

const VIRTUAL_PREFIX = "\0kc-sheet:";
// Ids must not end in .css, or Vite's CSS pipeline takes the generated JS for CSS.
const VIRTUAL_SUFFIX = ".sheet.js";
const OMITTED_ID = "\0kc-sheet-omitted";

/**
 * Sheets PatternFly's own style modules import for a variant no screen renders: PatternFly's Table imports its tree
 * view's class names, and with them 58 KB of tree-table CSS, into every table. Left out when PatternFly imports
 * them; a screen that renders the variant imports the CSS file itself, which keeps it.
 */
const OPT_IN_SHEETS = [/[\\/]react-styles[\\/]css[\\/]components[\\/]Table[\\/]table-tree-view\.css$/];

export interface ShadowSheetsOptions {
  /** Project root; the registry modules live under src/core/styles. */
  root: string;
  /** `false` (unit tests): CSS imports become empty modules. */
  emitSheets?: boolean;
}

/**
 * Turns PatternFly's CSS imports (`@patternfly/react-styles/css/...`, `@patternfly/patternfly/*.css`)
 * and our own `src/**.css` into JS modules that register one shared CSSStyleSheet each.
 */
export function shadowSheets({ root, emitSheets = true }: ShadowSheetsOptions): Plugin {
  const registryModule = path.resolve(root, "src/core/styles/sheet-registry.ts");
  const documentModule = path.resolve(root, "src/core/styles/document-registrations.ts");
  const sourceRoot = path.resolve(root, "src") + path.sep;

  return {
    name: "kc-shadow-sheets",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!/\.css$/.test(source) || source.startsWith(VIRTUAL_PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external) return null;
      const file = resolved.id.split("?")[0];
      const isPatternFly = file.includes(`${path.sep}@patternfly${path.sep}`);
      const fromPatternFly = importer?.includes(`${path.sep}@patternfly${path.sep}`) ?? false;
      if (fromPatternFly && OPT_IN_SHEETS.some((sheet) => sheet.test(file))) return OMITTED_ID;
      if (!isPatternFly && !file.startsWith(sourceRoot)) return null;
      return VIRTUAL_PREFIX + file + VIRTUAL_SUFFIX;
    },
    async load(id) {
      if (id === OMITTED_ID) return "export default {};";
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      if (!emitSheets) return "export default {};";
      const cssFile = id.slice(VIRTUAL_PREFIX.length, -VIRTUAL_SUFFIX.length);
      this.addWatchFile(cssFile);
      const shadowCss = transformCssForShadowRoot(await readFile(cssFile, "utf8"), cssFile);
      const sheetId = path.relative(root, cssFile).split(path.sep).join("/");
      return {
        code: sheetModuleCode({ sheetId, cssFile, shadowCss, registryModule, documentModule }),
        moduleSideEffects: true,
      };
    },
  };
}
