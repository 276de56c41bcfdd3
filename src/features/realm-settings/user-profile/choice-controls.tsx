import { useController, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Radio } from "@patternfly/react-core/dist/esm/components/Radio/index.js";

interface Choice {
  value: string;
  label: string;
}

interface ChoiceProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  choices: Choice[];
  isDisabled?: boolean;
}

/** One of a few values, as radio buttons in a labelled group. */
export function RadioChoice<T extends FieldValues>({ name, label, choices, isDisabled }: ChoiceProps<T>) {
  const { field } = useController<T>({ name });
  const id = `kc-field-${name}`;
  return (
    <FormGroup label={label} role="radiogroup" isInline fieldId={id} isStack={false}>
      {choices.map((choice) => (
        <Radio
          key={choice.value}
          id={`${id}-${choice.value}`}
          name={id}
          label={choice.label}
          isChecked={field.value === choice.value}
          isDisabled={isDisabled}
          onChange={() => field.onChange(choice.value)}
        />
      ))}
    </FormGroup>
  );
}

/** Any of a few values, as checkboxes in a labelled group; the field holds the checked values. */
export function CheckboxChoice<T extends FieldValues>({ name, label, choices, isDisabled }: ChoiceProps<T>) {
  const { field } = useController<T>({ name });
  const checked = (field.value as string[] | undefined) ?? [];
  const id = `kc-field-${name}`;
  return (
    <FormGroup label={label} role="group" isInline fieldId={id}>
      {choices.map((choice) => (
        <Checkbox
          key={choice.value}
          id={`${id}-${choice.value}`}
          label={choice.label}
          isChecked={checked.includes(choice.value)}
          isDisabled={isDisabled}
          onChange={(_event, on) =>
            field.onChange(on ? [...checked, choice.value] : checked.filter((value) => value !== choice.value))
          }
        />
      ))}
    </FormGroup>
  );
}
