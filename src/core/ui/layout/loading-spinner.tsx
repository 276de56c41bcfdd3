import { Bullseye } from "@patternfly/react-core/dist/esm/layouts/Bullseye/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";

/** Centered spinner while something the screen needs is loading. */
export function LoadingSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Bullseye>
      <Spinner aria-label={label} />
    </Bullseye>
  );
}
