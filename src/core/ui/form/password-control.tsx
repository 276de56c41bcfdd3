import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import EyeIcon from "@patternfly/react-icons/dist/esm/icons/eye-icon.js";
import EyeSlashIcon from "@patternfly/react-icons/dist/esm/icons/eye-slash-icon.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface PasswordControlProps<T extends FieldValues> extends ControlProps<T> {
  autoComplete?: "new-password" | "current-password" | "off";
  defaultValue?: string;
}

/** A password field with a show/hide button. */
export function PasswordControl<T extends FieldValues>(props: PasswordControlProps<T>) {
  const { t } = useMessages();
  const [isVisible, setVisible] = useState(false);
  const { field, id, errorText, isRequired, validated } = useControlField(props, props.defaultValue ?? "");
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      <InputGroup>
        <InputGroupItem isFill>
          <TextInput
            id={id}
            ref={field.ref}
            name={field.name}
            type={isVisible ? "text" : "password"}
            value={(field.value as string | undefined) ?? ""}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
            isDisabled={props.isDisabled}
            isRequired={isRequired}
            autoComplete={props.autoComplete ?? "new-password"}
            validated={validated}
            aria-describedby={errorText || props.helperText ? `${id}-helper` : undefined}
          />
        </InputGroupItem>
        <InputGroupItem>
          <Button
            variant="control"
            aria-label={isVisible ? t("hidePassword") : t("showPassword")}
            aria-pressed={isVisible}
            onClick={() => setVisible(!isVisible)}
            isDisabled={props.isDisabled}
            icon={isVisible ? <EyeSlashIcon /> : <EyeIcon />}
          />
        </InputGroupItem>
      </InputGroup>
    </FormField>
  );
}
