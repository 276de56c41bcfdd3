import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { attributeLabel, inputAttributes, inputColumns, inputTypeOf, placeholderOf } from "../attribute-annotations.ts";
import { HTML5_INPUT_TYPES, type AttributeInputProps } from "../profile-types.ts";

type TextInputType = "text" | "email" | "tel" | "url" | "number" | "date" | "time";

/** One value typed into a plain or html5 input (email, tel, url, number, range, date, month, time, datetime-local). */
export function TextAttributeInput({
  attribute,
  inputId,
  values,
  onChange,
  isDisabled,
  isInvalid,
}: AttributeInputProps) {
  const { t } = useMessages();
  const type = inputTypeOf(attribute);
  const htmlType = (HTML5_INPUT_TYPES.includes(type) ? type : "text") as TextInputType;
  const columns = inputColumns(attribute);
  return (
    <TextInput
      id={inputId}
      type={htmlType}
      value={values[0] ?? ""}
      onChange={(_event, value) => onChange([value])}
      placeholder={placeholderOf(t, attribute)}
      aria-label={attributeLabel(t, attribute)}
      readOnlyVariant={isDisabled ? "default" : undefined}
      validated={isInvalid ? "error" : "default"}
      {...(columns ? { size: columns } : {})}
      {...inputAttributes(attribute)}
    />
  );
}
