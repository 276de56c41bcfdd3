export { useKcForm, useValuesForm } from "./use-kc-form.ts";
export { TYPEAHEAD_THRESHOLD, EMAIL_PATTERN, MULTI_VALUE_SEPARATOR } from "./form-constants.ts";
export { fieldId, type ControlProps, type ControlRules } from "./control-props.ts";
export { FormField, type FormFieldProps } from "./form-field.tsx";
export { useControlField } from "./use-control-field.ts";
export { TextControl, type TextControlProps } from "./text-control.tsx";
export { TextAreaControl, type TextAreaControlProps } from "./text-area-control.tsx";
export { PasswordControl, type PasswordControlProps } from "./password-control.tsx";
export { NumberControl, toStepperValue, type NumberControlProps } from "./number-control.tsx";
export { SwitchControl, type SwitchControlProps } from "./switch-control.tsx";
export { SelectControl, type SelectControlProps } from "./select-control.tsx";
export { filterChoices } from "../overlays/filter-choices.ts";
export { MultiSelectControl, type MultiSelectControlProps } from "./multi-select-control.tsx";
export { MultiSelect, type MultiSelectProps } from "./multi-select.tsx";
export { MultiValueControl, multiValueEntries, type MultiValueControlProps } from "./multi-value-control.tsx";
export { KeyValueControl, type KeyValueControlProps } from "./key-value-control.tsx";
export { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "./key-value-convert.ts";
export { TimeSelectorControl, type TimeSelectorControlProps } from "./time-selector-control.tsx";
export { splitSeconds, SECONDS_PER_UNIT, type TimeUnit } from "./time-units.ts";
export { FileUploadControl, type FileUploadControlProps } from "./file-upload-control.tsx";
export { parseJsonText } from "./parse-json-file.ts";
export { CopyToClipboardField, type CopyToClipboardFieldProps } from "./copy-to-clipboard-field.tsx";
export { DateTimeControl, type DateTimeControlProps } from "./date-time-control.tsx";
export { SubmitButton, type SubmitButtonProps } from "./submit-button.tsx";
export { SaveRevertActions, type SaveRevertActionsProps } from "./save-revert-actions.tsx";
export {
  applyServerErrors,
  serverFieldErrors,
  translateServerMessage,
  type ServerFieldError,
} from "./server-errors.ts";
export {
  UnsavedChangesGuard,
  LeaveGuardScope,
  useConfirmLeave,
  type UnsavedChangesGuardProps,
} from "./unsaved-changes-guard.tsx";
export { useNavigateWhenSaved } from "./use-navigate-when-saved.ts";
