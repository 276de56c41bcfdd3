import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useFormContext, useFormState, type Control, type FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";

export interface SubmitButtonProps<T extends FieldValues> extends Omit<ButtonProps, "type" | "isDisabled"> {
  control?: Control<T>;
  children?: ReactNode;
  /** Enable even when the form has errors. */
  allowInvalid?: boolean;
  /** Enable even when nothing changed. */
  allowNonDirty?: boolean;
  /** Enable even while loading, validating or submitting. */
  allowBusy?: boolean;
  /** Extra busy state from the caller (e.g. a mutation in flight). */
  isBusy?: boolean;
  isDisabled?: boolean;
}

/** Enabled only when the form is valid, changed, and not busy (spec §4); each condition can be waived. */
export function SubmitButton<T extends FieldValues>({
  control,
  children,
  allowInvalid,
  allowNonDirty,
  allowBusy,
  isBusy,
  isDisabled,
  ...props
}: SubmitButtonProps<T>) {
  const { t } = useMessages();
  const context = useFormContext<T>();
  const { isValid, isDirty, isLoading, isValidating, isSubmitting } = useFormState<T>({
    control: control ?? context?.control,
  });
  const busy = isLoading || isValidating || isSubmitting || !!isBusy;
  const enabled = !isDisabled && (allowInvalid || isValid) && (allowNonDirty || isDirty) && (allowBusy || !busy);
  return (
    <Button
      variant="primary"
      {...props}
      type="submit"
      isDisabled={!enabled}
      isLoading={busy && !allowBusy ? true : undefined}
    >
      {children ?? t("save")}
    </Button>
  );
}
