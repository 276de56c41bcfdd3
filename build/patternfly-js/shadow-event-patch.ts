/**
 * PatternFly's menus, selects, popovers and keyboard handler listen on window/document and read
 * `event.target` and `document.activeElement`; across a shadow boundary both are retargeted to
 * the host element. This patch makes them read the real target (`composedPath()[0]`) and the
 * deep active element (following `shadowRoot.activeElement`).
 */

/** Files under @patternfly/react-core/dist/esm and how many reads each must contain (PatternFly 6.6.1). */
export const PATCHED_FILES: Record<string, { eventTargets: number; activeElements: number }> = {
  "helpers/KeyboardHandler.js": { eventTargets: 2, activeElements: 5 },
  "helpers/FocusTrap/FocusTrap.js": { eventTargets: 0, activeElements: 1 },
  "components/Menu/Menu.js": { eventTargets: 6, activeElements: 10 },
  "components/Menu/MenuContainer.js": { eventTargets: 5, activeElements: 0 },
  "components/Dropdown/Dropdown.js": { eventTargets: 5, activeElements: 0 },
  "components/Select/Select.js": { eventTargets: 5, activeElements: 0 },
  "components/Popover/Popover.js": { eventTargets: 2, activeElements: 2 },
  "components/Tooltip/Tooltip.js": { eventTargets: 4, activeElements: 0 },
  "components/Pagination/PaginationOptionsMenu.js": { eventTargets: 5, activeElements: 0 },
  "components/SearchInput/AdvancedSearchMenu.js": { eventTargets: 1, activeElements: 0 },
  "components/Tabs/OverflowTab.js": { eventTargets: 3, activeElements: 0 },
  "components/Label/Label.js": { eventTargets: 4, activeElements: 0 },
  "components/DatePicker/DatePicker.js": { eventTargets: 1, activeElements: 0 },
  "components/TimePicker/TimePicker.js": { eventTargets: 4, activeElements: 0 },
  "components/TreeView/TreeViewRoot.js": { eventTargets: 3, activeElements: 2 },
  "components/Nav/NavItem.js": { eventTargets: 3, activeElements: 0 },
  "components/Drawer/DrawerPanelContent.js": { eventTargets: 1, activeElements: 2 },
  "components/DualListSelector/DualListSelectorControlsWrapper.js": { eventTargets: 2, activeElements: 1 },
  "components/DualListSelector/DualListSelectorListWrapper.js": { eventTargets: 2, activeElements: 1 },
};

const EVENT_TARGET_READ = /\b(event|ev)\.target\b(?!\s*=[^=])/g;
const ACTIVE_ELEMENT_READ = /\bdocument\.activeElement\b/g;

const HELPERS = `
function __kcEventTarget(event) {
  const path = typeof event.composedPath === "function" ? event.composedPath() : [];
  return path.length > 0 ? path[0] : event.target;
}
function __kcDeepActiveElement() {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
`;

const ESM_ROOT = "@patternfly/react-core/dist/esm/";

/** The manifest key of a module id, or undefined when the module is not patched. */
export function patchedFileOf(id: string): string | undefined {
  const normalized = id.split("?")[0].replaceAll("\\", "/");
  const at = normalized.lastIndexOf(ESM_ROOT);
  if (at < 0) return undefined;
  const file = normalized.slice(at + ESM_ROOT.length);
  return file in PATCHED_FILES ? file : undefined;
}

export interface PatchResult {
  code: string;
  eventTargets: number;
  activeElements: number;
}

export function patchShadowEvents(code: string): PatchResult {
  let eventTargets = 0;
  let activeElements = 0;
  const patched = code
    .replace(EVENT_TARGET_READ, (_read, name: string) => {
      eventTargets++;
      return `__kcEventTarget(${name})`;
    })
    .replace(ACTIVE_ELEMENT_READ, () => {
      activeElements++;
      return "__kcDeepActiveElement()";
    });
  return { code: patched + HELPERS, eventTargets, activeElements };
}

/** Patches one manifest file and fails loudly when PatternFly's code no longer matches the manifest. */
export function patchPatternFlyModule(id: string, code: string): string | undefined {
  const file = patchedFileOf(id);
  if (!file) return undefined;
  const result = patchShadowEvents(code);
  const expected = PATCHED_FILES[file];
  if (result.eventTargets !== expected.eventTargets || result.activeElements !== expected.activeElements) {
    throw new Error(
      `kc-shadow-events: ${file} has ${result.eventTargets} event.target and ${result.activeElements} ` +
        `document.activeElement reads, expected ${expected.eventTargets} and ${expected.activeElements}. ` +
        "PatternFly changed: review the patch in build/patternfly-js/shadow-event-patch.ts.",
    );
  }
  return result.code;
}
