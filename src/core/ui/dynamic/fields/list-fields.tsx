import { useMessages } from "../../../i18n/use-messages.ts";
import { KeyValueControl } from "../../form/key-value-control.tsx";
import { MultiSelectControl } from "../../form/multi-select-control.tsx";
import { MultiValueControl } from "../../form/multi-value-control.tsx";
import { SelectControl } from "../../form/select-control.tsx";
import { controlProps, type PropertyFieldProps } from "../property-field-props.ts";

const choices = (props: PropertyFieldProps, t: (key: string, options: { defaultValue: string }) => string) =>
  (props.property.options ?? []).map((option) => ({ value: option, label: t(option, { defaultValue: option }) }));

/** One of the property's options. */
export function ListField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <SelectControl {...controlProps(t, props)} options={choices(props, t)} />;
}

/** Several of the property's options. */
export function MultivaluedListField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <MultiSelectControl {...controlProps(t, props)} options={choices(props, t)} />;
}

/** Any number of typed values. */
export function MultivaluedStringField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <MultiValueControl {...controlProps(t, props)} />;
}

/** Key-value rows, saved as one JSON value. */
export function MapField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <KeyValueControl {...controlProps(t, props)} keyLabel={t("key")} valueLabel={t("value")} />;
}
