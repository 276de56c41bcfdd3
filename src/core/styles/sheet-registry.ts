/**
 * One CSSStyleSheet per CSS file for the whole page, adopted by every element's shadow root.
 * Build plugin modules (build/vite-plugin-shadow-sheets.ts) call registerSheet when imported;
 * elements call adoptStyles before their first render.
 */
interface RegistryState {
  ids: Set<string>;
  sheets: CSSStyleSheet[];
  cssTexts: string[];
  roots: Map<ShadowRoot, CSSStyleSheet[]>;
}

const STATE_KEY = Symbol.for("kc-admin-elements.sheet-registry");
const globalScope = globalThis as typeof globalThis & { [STATE_KEY]?: RegistryState };
const state: RegistryState = (globalScope[STATE_KEY] ??= {
  ids: new Set(),
  sheets: [],
  cssTexts: [],
  roots: new Map(),
});

const canConstructSheets = (() => {
  try {
    return typeof CSSStyleSheet === "function" && typeof new CSSStyleSheet().replaceSync === "function";
  } catch {
    return false;
  }
})();

export function registerSheet(id: string, cssText: string): void {
  if (state.ids.has(id)) return;
  state.ids.add(id);
  state.cssTexts.push(cssText);
  if (!canConstructSheets) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  state.sheets.push(sheet);
  for (const [root, extras] of state.roots) applySheets(root, extras);
}

/** Adopts every registered sheet (and those registered later) into `root`, followed by `extras`. */
export function adoptStyles(root: ShadowRoot, extras: CSSStyleSheet[] = []): void {
  state.roots.set(root, extras);
  applySheets(root, extras);
}

/** Stops following later registrations for `root` (the element is gone for good). */
export function releaseStyles(root: ShadowRoot): void {
  state.roots.delete(root);
}

export function registeredSheets(): readonly CSSStyleSheet[] {
  return state.sheets;
}

/** The registered CSS text, for environments without constructable sheets (jsdom). */
export function registeredCssTexts(): readonly string[] {
  return state.cssTexts;
}

function applySheets(root: ShadowRoot, extras: CSSStyleSheet[]) {
  if (!("adoptedStyleSheets" in root)) return;
  root.adoptedStyleSheets = [...state.sheets, ...extras];
}
