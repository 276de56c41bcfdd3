/**
 * The script-tag entry (dist/loader.js). Tiny on purpose: no React, no PatternFly. It watches the
 * document for known `<prefix-…>` tags and imports an area's chunk the first time one appears.
 */
import { ELEMENT_CHUNKS, type AreaModule } from "./element-manifest.ts";
import { requestPrefix } from "./element-prefixes.ts";

const LOADER_KEY = Symbol.for("kc-admin-elements.loader");

interface LoaderState {
  prefixes: Set<string>;
  loads: Map<string, Promise<AreaModule>>;
  observer?: MutationObserver;
}

const scope = globalThis as typeof globalThis & { [LOADER_KEY]?: LoaderState };
const state: LoaderState = (scope[LOADER_KEY] ??= { prefixes: new Set(), loads: new Map() });

function areaOf(tag: string): { prefix: string; area: string } | undefined {
  for (const prefix of state.prefixes) {
    const area = tag.startsWith(`${prefix}-`) ? tag.slice(prefix.length + 1) : undefined;
    if (area && area in ELEMENT_CHUNKS) return { prefix, area };
  }
  return undefined;
}

/** Imports the chunk behind `tag` (e.g. `kc-users-admin`) and defines the element. */
export function load(tag: string): Promise<void> {
  const lowerTag = tag.toLowerCase();
  const match =
    areaOf(lowerTag) ?? (lowerTag.startsWith("kc-") ? { prefix: "kc", area: lowerTag.slice(3) } : undefined);
  const importChunk = match && ELEMENT_CHUNKS[match.area];
  if (!match || !importChunk) return Promise.reject(new Error(`No element chunk for <${lowerTag}>`));
  let loading = state.loads.get(match.area);
  if (!loading) {
    loading = importChunk();
    state.loads.set(match.area, loading);
  }
  return loading.then((module) => {
    module.define?.(match.prefix);
  });
}

function scan(root: ParentNode) {
  if (root instanceof Element) visit(root);
  for (const element of root.querySelectorAll("*")) visit(element);
}

function visit(element: Element) {
  const tag = element.localName;
  if (tag.includes("-") && !customElements.get(tag) && areaOf(tag)) {
    load(tag).catch((error: unknown) => console.error(error));
  }
}

/** Watches the document for `<${prefix}-…>` elements and loads them on first use. */
export function define(prefix = "kc"): void {
  requestPrefix(prefix);
  state.prefixes.add(prefix);
  if (typeof document === "undefined") return;
  scan(document);
  if (state.observer) return;
  state.observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
  });
  state.observer.observe(document, { childList: true, subtree: true });
}

define();
