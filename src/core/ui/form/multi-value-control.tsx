import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import MinusCircleIcon from "@patternfly/react-icons/dist/esm/icons/minus-circle-icon.js";
import PlusCircleIcon from "@patternfly/react-icons/dist/esm/icons/plus-circle-icon.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import type { ControlProps } from "./control-props.ts";
import { MULTI_VALUE_SEPARATOR } from "./form-constants.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface MultiValueControlProps<T extends FieldValues> extends ControlProps<T> {
  defaultValue?: string[];
  /** Store the values as one string joined with "##" (how some component settings keep lists). */
  stringify?: boolean;
  placeholder?: string;
}

/** The entries to show: always at least one (spec §4). */
export function multiValueEntries(value: unknown, stringify?: boolean): string[] {
  const entries = stringify
    ? typeof value === "string" && value !== ""
      ? value.split(MULTI_VALUE_SEPARATOR)
      : []
    : Array.isArray(value)
      ? value.map(String)
      : [];
  return entries.length > 0 ? entries : [""];
}

/** A list of text values: add while the last entry has text, remove while more than one remains. */
export function MultiValueControl<T extends FieldValues>(props: MultiValueControlProps<T>) {
  const { t } = useMessages();
  const { field, id, errorText, isRequired } = useControlField(
    props,
    props.stringify ? (props.defaultValue ?? []).join(MULTI_VALUE_SEPARATOR) : (props.defaultValue ?? []),
  );
  const entries = multiValueEntries(field.value, props.stringify);
  const update = (next: string[]) => field.onChange(props.stringify ? next.join(MULTI_VALUE_SEPARATOR) : next);
  const lastIsEmpty = entries[entries.length - 1].trim() === "";
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
      {entries.map((entry, index) => (
        <InputGroup key={index}>
          <InputGroupItem isFill>
            <TextInput
              id={index === 0 ? id : `${id}-${index}`}
              ref={index === 0 ? field.ref : undefined}
              aria-label={`${props.label} ${index + 1}`}
              value={entry}
              placeholder={props.placeholder}
              onChange={(_event, text) => update(entries.map((item, position) => (position === index ? text : item)))}
              onBlur={field.onBlur}
              isDisabled={props.isDisabled}
              validated={errorText ? "error" : "default"}
            />
          </InputGroupItem>
          <InputGroupItem>
            <Button
              variant="plain"
              aria-label={`${t("removeValue")} (${index + 1})`}
              isDisabled={props.isDisabled || entries.length === 1}
              onClick={() => update(entries.filter((_item, position) => position !== index))}
              icon={<MinusCircleIcon />}
            />
          </InputGroupItem>
          {index === entries.length - 1 && (
            <InputGroupItem>
              <Button
                variant="plain"
                aria-label={t("addValue")}
                isDisabled={props.isDisabled || lastIsEmpty}
                onClick={() => update([...entries, ""])}
                icon={<PlusCircleIcon />}
              />
            </InputGroupItem>
          )}
        </InputGroup>
      ))}
    </FormField>
  );
}
