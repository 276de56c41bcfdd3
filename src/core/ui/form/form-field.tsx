import type { ReactNode } from "react";
import {
  FormGroup,
  FormGroupLabelHelp,
  FormHelperText,
} from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useHelp } from "../help/help-context.tsx";
import { Popover } from "../overlays/popover.tsx";
import "./form-messages.ts";

export interface FormFieldProps {
  id: string;
  label: string;
  labelHelp?: ReactNode;
  isRequired?: boolean;
  /** Error text; shown instead of the helper text. */
  error?: string;
  helperText?: ReactNode;
  /** Set for groups of inputs (radio/checkbox lists, multi-value rows). */
  role?: "group" | "radiogroup";
  children: ReactNode;
}

/** A labelled field: required marker, help popover in help mode, helper or error text. */
export function FormField({ id, label, labelHelp, isRequired, error, helperText, role, children }: FormFieldProps) {
  const { t } = useMessages();
  const { enabled: isHelpOn } = useHelp();
  const help =
    labelHelp && isHelpOn ? (
      <Popover bodyContent={labelHelp} aria-label={t("helpLabel", { label })}>
        <FormGroupLabelHelp aria-label={t("helpLabel", { label })} />
      </Popover>
    ) : undefined;
  return (
    <FormGroup
      label={label}
      fieldId={id}
      isRequired={isRequired}
      labelHelp={help}
      role={role}
      isStack={role !== undefined}
    >
      {children}
      {(error || helperText) && (
        <FormHelperText>
          <HelperText>
            <HelperTextItem
              variant={error ? "error" : "default"}
              id={`${id}-helper`}
              aria-live={error ? "polite" : undefined}
            >
              {error ?? helperText}
            </HelperTextItem>
          </HelperText>
        </FormHelperText>
      )}
    </FormGroup>
  );
}
