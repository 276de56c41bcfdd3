import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Radio } from "@patternfly/react-core/dist/esm/components/Radio/index.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { inputTypeOf, optionLabel, optionsOf } from "../attribute-annotations.ts";
import type { AttributeInputProps } from "../profile-types.ts";

/** select-radiobuttons (one value) and multiselect-checkboxes (any number of values). */
export function ChoiceAttributeInput({ attribute, inputId, values, onChange, isDisabled }: AttributeInputProps) {
  const { t } = useMessages();
  const isMulti = inputTypeOf(attribute) === "multiselect-checkboxes";
  const toggle = (option: string, checked: boolean) =>
    onChange(
      checked ? [...values.filter((value) => value !== option), option] : values.filter((value) => value !== option),
    );
  return (
    <div id={inputId} role={isMulti ? "group" : "radiogroup"}>
      {optionsOf(attribute).map((option) =>
        isMulti ? (
          <Checkbox
            key={option}
            id={`${inputId}-${option}`}
            label={optionLabel(t, attribute, option)}
            isChecked={values.includes(option)}
            isDisabled={isDisabled}
            onChange={(_event, checked) => toggle(option, checked)}
          />
        ) : (
          <Radio
            key={option}
            id={`${inputId}-${option}`}
            name={inputId}
            label={optionLabel(t, attribute, option)}
            isChecked={values[0] === option}
            isDisabled={isDisabled}
            onChange={() => onChange([option])}
          />
        ),
      )}
    </div>
  );
}
