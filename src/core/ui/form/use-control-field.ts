import { useController, useFormContext, type FieldValues, type UseControllerReturn } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import { fieldId, type ControlProps } from "./control-props.ts";
import { fieldErrorText } from "./field-error-text.ts";

/** Binds a control to react-hook-form and works out what its FormField needs. */
export function useControlField<T extends FieldValues>(
  props: ControlProps<T>,
  defaultValue: unknown,
): UseControllerReturn<T> & {
  id: string;
  errorText?: string;
  isRequired: boolean;
  validated: "error" | "default";
} {
  const { t } = useMessages();
  const context = useFormContext<T>();
  const controller = useController<T>({
    name: props.name,
    control: props.control ?? context?.control,
    rules: props.rules,
    defaultValue: defaultValue as never,
  });
  const errorText = fieldErrorText(controller.fieldState.error, props.rules as never, t);
  return {
    ...controller,
    id: props.id ?? fieldId(props.name),
    errorText,
    isRequired: Boolean(props.rules?.required),
    validated: errorText ? "error" : "default",
  };
}
