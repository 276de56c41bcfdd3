/**
 * `<kc-ui-catalogue>`: the UI kit's catalogue (tables, form controls, dialogs, page helpers)
 * against a real server, for the demo page demo/pages/catalogue/. Attributes: the base ones.
 * @internal not part of the npm package.
 */
import { defineArea } from "./define-element.ts";
import { CatalogueArea } from "../features/catalogue/catalogue-area.tsx";

export const define = defineArea({ name: "ui-catalogue", component: CatalogueArea });
