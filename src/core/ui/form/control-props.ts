import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues, RegisterOptions } from "react-hook-form";

/** The validation rules a control accepts (spec §5): required, min, max, minLength, maxLength, pattern, validate. */
export type ControlRules<T extends FieldValues = FieldValues> = Pick<
  RegisterOptions<T>,
  "required" | "min" | "max" | "minLength" | "maxLength" | "pattern" | "validate"
>;

/** What every form control takes. Without `control`, the surrounding `<FormProvider>` is used. */
export interface ControlProps<T extends FieldValues = FieldValues> {
  name: FieldPath<T>;
  /** Visible label (already translated). */
  label: string;
  /** Help text shown in a popover next to the label, only in help mode. */
  labelHelp?: ReactNode;
  rules?: ControlRules<T>;
  helperText?: ReactNode;
  isDisabled?: boolean;
  control?: Control<T>;
  /** Element id of the input; defaults to one derived from `name`. */
  id?: string;
}

/** A DOM id for a field name (names may hold dots and brackets). */
export const fieldId = (name: string) => `kc-field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
