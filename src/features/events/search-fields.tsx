import type { ReactNode } from "react";
import { FormGroup, FormHelperText } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { MultiSelect } from "../../core/ui/form/multi-select.tsx";

interface TextFieldProps {
  id: string;
  label: string;
  value: string | undefined;
  onChange(value: string): void;
  type?: "text" | "date";
  help?: ReactNode;
}

/** One labelled text (or date) field of an event search form. */
export function SearchTextField({ id, label, value, onChange, type = "text", help }: TextFieldProps) {
  return (
    <FormGroup label={label} fieldId={id}>
      <TextInput id={id} type={type} value={value ?? ""} onChange={(_event, next) => onChange(next)} />
      {help && (
        <FormHelperText>
          <HelperText>
            <HelperTextItem>{help}</HelperTextItem>
          </HelperText>
        </FormHelperText>
      )}
    </FormGroup>
  );
}

interface ChoicesFieldProps {
  id: string;
  label: string;
  choices: string[];
  value: string[];
  onChange(value: string[]): void;
  placeholder: string;
  labelOf?: (value: string) => string;
}

/** Several values of a server-info enum (event types, resource types, operation types). */
export function SearchChoicesField({ id, label, choices, value, onChange, placeholder, labelOf }: ChoicesFieldProps) {
  return (
    <FormGroup label={label} fieldId={id}>
      <MultiSelect
        id={id}
        isTypeahead
        placeholder={placeholder}
        options={choices.map((choice) => ({ value: choice, label: labelOf?.(choice) ?? choice }))}
        value={value}
        onChange={onChange}
      />
    </FormGroup>
  );
}
