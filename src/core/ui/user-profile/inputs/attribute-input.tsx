import { inputTypeOf } from "../attribute-annotations.ts";
import type { AttributeInputProps } from "../profile-types.ts";
import { LOCALE_ATTRIBUTE } from "../locale-attribute.ts";
import { LocaleAttributeInput } from "./locale-attribute-input.tsx";
import { ChoiceAttributeInput } from "./choice-attribute-input.tsx";
import { MultiInputAttributeInput } from "./multi-input-attribute-input.tsx";
import { SelectAttributeInput } from "./select-attribute-input.tsx";
import { TextareaAttributeInput } from "./textarea-attribute-input.tsx";
import { TextAttributeInput } from "./text-attribute-input.tsx";

/** The input for the attribute's input type. */
export function AttributeInput(props: AttributeInputProps) {
  if (props.attribute.name === LOCALE_ATTRIBUTE) return <LocaleAttributeInput {...props} />;
  switch (inputTypeOf(props.attribute)) {
    case "textarea":
      return <TextareaAttributeInput {...props} />;
    case "select":
    case "multiselect":
      return <SelectAttributeInput {...props} />;
    case "select-radiobuttons":
    case "multiselect-checkboxes":
      return <ChoiceAttributeInput {...props} />;
    case "multi-input":
      return <MultiInputAttributeInput {...props} />;
    default:
      return <TextAttributeInput {...props} />;
  }
}
