import { useEffect, useState } from "react";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import { SingleSelect } from "../overlays/single-select.tsx";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { ALL_TIME_UNITS, SECONDS_PER_UNIT, splitSeconds, type TimeUnit } from "./time-units.ts";
import { useControlField } from "./use-control-field.ts";

const UNIT_TEXT: Record<TimeUnit, string> = {
  second: "seconds",
  minute: "minutes",
  hour: "hours",
  day: "timeUnitDay",
};

export interface TimeSelectorControlProps<T extends FieldValues> extends ControlProps<T> {
  /** Units offered, default all. The field value is always in seconds. */
  units?: TimeUnit[];
  defaultValue?: number;
  min?: number;
}

/** A duration typed as an amount and a unit; the field holds seconds. */
export function TimeSelectorControl<T extends FieldValues>(props: TimeSelectorControlProps<T>) {
  const { t } = useMessages();
  const units = props.units ?? ALL_TIME_UNITS;
  const { field, id, errorText, isRequired } = useControlField(props, props.defaultValue ?? "");
  const seconds =
    field.value === "" || field.value === undefined || field.value === null ? undefined : Number(field.value);
  const [unit, setUnit] = useState<TimeUnit>(() => splitSeconds(seconds ?? 0, units).unit);
  const [amount, setAmount] = useState(() => (seconds === undefined ? "" : String(seconds / SECONDS_PER_UNIT[unit])));
  // Follow outside changes (form reset) without fighting the user's typing.
  useEffect(() => {
    const typed = amount === "" ? undefined : Number(amount) * SECONDS_PER_UNIT[unit];
    if (typed === seconds) return;
    const split = splitSeconds(seconds ?? 0, units);
    setUnit(split.unit);
    setAmount(seconds === undefined ? "" : String(split.amount));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds]);
  const write = (nextAmount: string, nextUnit: TimeUnit) => {
    setAmount(nextAmount);
    setUnit(nextUnit);
    const number = Number(nextAmount);
    field.onChange(
      nextAmount.trim() === "" || !Number.isFinite(number) ? "" : Math.round(number * SECONDS_PER_UNIT[nextUnit]),
    );
  };
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <Flex flexWrap={{ default: "nowrap" }} spaceItems={{ default: "spaceItemsSm" }}>
        <FlexItem grow={{ default: "grow" }}>
          <TextInput
            id={id}
            ref={field.ref}
            type="number"
            min={props.min ?? 0}
            value={amount}
            onChange={(_event, text) => write(text, unit)}
            onBlur={field.onBlur}
            isDisabled={props.isDisabled}
            validated={errorText ? "error" : "default"}
          />
        </FlexItem>
        <FlexItem>
          <SingleSelect
            aria-label={t("timeUnitLabel", { label: props.label, unit: t(UNIT_TEXT[unit]) })}
            options={units.map((value) => ({ value, label: t(UNIT_TEXT[value]) }))}
            value={unit}
            onChange={(value) => write(amount, value as TimeUnit)}
            isDisabled={props.isDisabled}
          />
        </FlexItem>
      </Flex>
    </FormField>
  );
}
