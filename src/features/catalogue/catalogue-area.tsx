import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import { CataloguePage } from "./catalogue-page.tsx";

/** `<kc-ui-catalogue>`'s tree: the shared shell (sign-in, runtime, realm) around the catalogue. */
export function CatalogueArea(props: ElementBaseProps) {
  return (
    <ElementShell {...props}>
      <CataloguePage serverUrl={props.serverUrl ?? location.origin} />
    </ElementShell>
  );
}
