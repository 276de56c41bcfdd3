import { useController, useFormContext } from "react-hook-form";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import type { ClientFormValues } from "./client-form-values.ts";

type FlagName = {
  [K in keyof ClientFormValues]: ClientFormValues[K] extends boolean ? K : never;
}[keyof ClientFormValues];

/** One of the authentication flow checkboxes of the capability config. */
export function FlowCheckbox({ name, label, isDisabled }: { name: FlagName; label: string; isDisabled?: boolean }) {
  const { control } = useFormContext<ClientFormValues>();
  const { field } = useController({ name, control });
  return (
    <Checkbox
      id={`kc-client-flow-${name}`}
      label={label}
      isChecked={field.value}
      isDisabled={isDisabled}
      onChange={(_event, checked) => field.onChange(checked)}
    />
  );
}
