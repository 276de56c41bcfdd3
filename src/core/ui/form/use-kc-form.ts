import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from "react-hook-form";

/** react-hook-form with the console's modes: validate on submit, re-validate on change (spec §4). */
export function useKcForm<T extends FieldValues = FieldValues>(
  options: Omit<UseFormProps<T>, "mode" | "reValidateMode"> = {},
): UseFormReturn<T> {
  return useForm<T>({ ...options, mode: "onSubmit", reValidateMode: "onChange" });
}
