import { NumberInput } from "@patternfly/react-core/dist/esm/components/NumberInput/index.js";
import type { FieldValues } from "react-hook-form";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface NumberControlProps<T extends FieldValues> extends ControlProps<T> {
  /** Used when the input is not a number (spec §5). */
  defaultValue?: number;
  /** The stepper never goes below this. */
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
}

/** Keeps a typed or stepped value a number within [min, max]; non-numbers become `fallback`. */
export function toStepperValue(input: unknown, fallback: number, min?: number, max?: number): number {
  const text = typeof input === "string" ? input.trim() : input;
  const parsed = text === "" || text === null || text === undefined ? Number.NaN : Number(text);
  let value = Number.isFinite(parsed) ? parsed : fallback;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}

/** A number with minus/plus buttons. */
export function NumberControl<T extends FieldValues>(props: NumberControlProps<T>) {
  const fallback = props.defaultValue ?? props.min ?? 0;
  const step = props.step ?? 1;
  const { field, id, errorText, isRequired } = useControlField(props, fallback);
  const current = toStepperValue(field.value, fallback, props.min, props.max);
  const set = (value: unknown) => field.onChange(toStepperValue(value, fallback, props.min, props.max));
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <NumberInput
        id={`${id}-stepper`}
        value={current}
        min={props.min}
        max={props.max}
        unit={props.unit}
        inputName={field.name}
        inputProps={{ id, ref: field.ref, onBlur: field.onBlur }}
        inputAriaLabel={props.label}
        minusBtnAriaLabel={`${props.label} −${step}`}
        plusBtnAriaLabel={`${props.label} +${step}`}
        onMinus={() => set(current - step)}
        onPlus={() => set(current + step)}
        onChange={(event) => set((event.target as HTMLInputElement).value)}
        isDisabled={props.isDisabled}
        validated={errorText ? "error" : "default"}
      />
    </FormField>
  );
}
