import type { FieldValues } from "react-hook-form";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import type { ControlProps } from "../form/control-props.ts";
import { FormField } from "../form/form-field.tsx";
import { useControlField } from "../form/use-control-field.ts";
import { ServerSearchSelect } from "../pickers/index.ts";
import { authzKeys } from "./authorization-queries.ts";
import { searchReferences, type ReferenceKind } from "./reference-search.ts";

export interface ReferencePickerControlProps<T extends FieldValues> extends ControlProps<T> {
  clientUuid: string;
  kind: ReferenceKind;
  placeholder?: string;
  /** Offers the typed text as a new value with this label when the server finds no item of that name. */
  newValueLabel?: (text: string) => string;
}

/** A list of names picked from what the server finds for the typed text (a page per text). */
export function ReferencePickerControl<T extends FieldValues>(props: ReferencePickerControlProps<T>) {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { field, id, errorText, isRequired } = useControlField(props, []);
  const values = Array.isArray(field.value) ? (field.value as string[]).filter(Boolean) : [];
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <ServerSearchSelect
        id={id}
        aria-label={props.label}
        placeholder={props.placeholder}
        queryKey={[...authzKeys.all(realm, props.clientUuid), "picker", props.kind]}
        search={async (text, max) => {
          const found = await searchReferences(adminClient, realm, props.clientUuid, props.kind, text, max);
          const typed = text.trim();
          if (!props.newValueLabel || !typed || found.some((choice) => choice.value === typed)) return found;
          return [...found, { value: typed, label: props.newValueLabel(typed) }];
        }}
        values={values}
        onChange={field.onChange}
        labels={Object.fromEntries(values.map((value) => [value, value]))}
      />
    </FormField>
  );
}
