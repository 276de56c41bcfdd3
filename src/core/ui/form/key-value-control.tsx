import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import MinusCircleIcon from "@patternfly/react-icons/dist/esm/icons/minus-circle-icon.js";
import PlusCircleIcon from "@patternfly/react-icons/dist/esm/icons/plus-circle-icon.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import type { KeyValueEntry } from "./key-value-convert.ts";
import { useControlField } from "./use-control-field.ts";

export interface KeyValueControlProps<T extends FieldValues> extends ControlProps<T> {
  defaultValue?: KeyValueEntry[];
  keyLabel?: string;
  valueLabel?: string;
}

/**
 * Rows of {key, value}; the field holds the rows. Convert with `keyValueToMap` before saving and
 * `mapToKeyValue` when loading (e.g. user attributes).
 */
export function KeyValueControl<T extends FieldValues>(props: KeyValueControlProps<T>) {
  const { t } = useMessages();
  const { field, id, errorText, isRequired } = useControlField(props, props.defaultValue ?? []);
  const stored = (field.value as KeyValueEntry[] | undefined) ?? [];
  const rows = stored.length > 0 ? stored : [{ key: "", value: "" }];
  const update = (next: KeyValueEntry[]) => field.onChange(next);
  const change = (index: number, part: keyof KeyValueEntry, text: string) =>
    update(rows.map((row, position) => (position === index ? { ...row, [part]: text } : row)));
  const keyLabel = props.keyLabel ?? t("keyLabel");
  const valueLabel = props.valueLabel ?? t("valueLabel");
  const last = rows[rows.length - 1];
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
      role="group"
    >
      {rows.map((row, index) => (
        <Flex
          key={index}
          flexWrap={{ default: "nowrap" }}
          spaceItems={{ default: "spaceItemsSm" }}
          alignItems={{ default: "alignItemsCenter" }}
        >
          <FlexItem grow={{ default: "grow" }}>
            <TextInput
              id={index === 0 ? id : `${id}-key-${index}`}
              ref={index === 0 ? field.ref : undefined}
              aria-label={`${keyLabel} ${index + 1}`}
              placeholder={keyLabel}
              value={row.key}
              onChange={(_event, text) => change(index, "key", text)}
              onBlur={field.onBlur}
              isDisabled={props.isDisabled}
            />
          </FlexItem>
          <FlexItem grow={{ default: "grow" }}>
            <TextInput
              id={`${id}-value-${index}`}
              aria-label={`${valueLabel} ${index + 1}`}
              placeholder={valueLabel}
              value={row.value}
              onChange={(_event, text) => change(index, "value", text)}
              onBlur={field.onBlur}
              isDisabled={props.isDisabled}
            />
          </FlexItem>
          <FlexItem>
            <Button
              variant="plain"
              aria-label={`${t("removeKeyValue")} (${index + 1})`}
              isDisabled={props.isDisabled || (rows.length === 1 && !row.key && !row.value)}
              onClick={() => update(rows.filter((_row, position) => position !== index))}
              icon={<MinusCircleIcon />}
            />
          </FlexItem>
        </Flex>
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        isInline
        isDisabled={props.isDisabled || !last.key.trim()}
        onClick={() => update([...rows, { key: "", value: "" }])}
      >
        {t("addKeyValue")}
      </Button>
    </FormField>
  );
}
