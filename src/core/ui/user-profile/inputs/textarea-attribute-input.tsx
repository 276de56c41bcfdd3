import { TextArea } from "@patternfly/react-core/dist/esm/components/TextArea/index.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { attributeLabel, inputColumns, inputRows, placeholderOf } from "../attribute-annotations.ts";
import type { AttributeInputProps } from "../profile-types.ts";

export function TextareaAttributeInput({
  attribute,
  inputId,
  values,
  onChange,
  isDisabled,
  isInvalid,
}: AttributeInputProps) {
  const { t } = useMessages();
  return (
    <TextArea
      id={inputId}
      value={values[0] ?? ""}
      onChange={(_event, value) => onChange([value])}
      placeholder={placeholderOf(t, attribute)}
      aria-label={attributeLabel(t, attribute)}
      cols={inputColumns(attribute)}
      rows={inputRows(attribute)}
      readOnlyVariant={isDisabled ? "default" : undefined}
      validated={isInvalid ? "error" : "default"}
    />
  );
}
