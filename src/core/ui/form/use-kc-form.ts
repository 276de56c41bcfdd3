import { useEffect } from "react";
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from "react-hook-form";

/** react-hook-form with the console's modes: validate on submit, re-validate on change (spec §4). */
export function useKcForm<T extends FieldValues = FieldValues>(
  options: Omit<UseFormProps<T>, "mode" | "reValidateMode"> = {},
): UseFormReturn<T> {
  return useForm<T>({ ...options, mode: "onSubmit", reValidateMode: "onChange" });
}

/**
 * A form over `initial`, reset whenever it changes (a later query, a refetch) but keeping what the administrator has
 * already typed. `initial` must keep its identity between renders (a query's data, or memoized from it).
 */
export function useValuesForm<T extends FieldValues>(initial: T): UseFormReturn<T> {
  const form = useKcForm<T>({ defaultValues: initial as DefaultValues<T> });
  const { reset } = form;
  useEffect(() => reset(initial, { keepDirtyValues: true }), [reset, initial]);
  return form;
}
