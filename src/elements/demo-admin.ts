/**
 * `<kc-demo-admin>`: the runtime's own test and demo area.
 * Attributes: the base ones, plus `compact` (boolean). Events: `kc-demo-clicked`, `kc-demo-action`.
 * @internal not part of the npm package.
 */
import { defineArea } from "./define-element.ts";
import { DemoArea } from "./demo-admin/demo-area.tsx";

export const define = defineArea({
  name: "demo-admin",
  component: DemoArea,
  attributes: { compact: { prop: "compact", type: "boolean" } },
});
