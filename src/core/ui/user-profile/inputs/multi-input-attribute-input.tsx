import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import MinusCircleIcon from "@patternfly/react-icons/dist/esm/icons/minus-circle-icon.js";
import PlusCircleIcon from "@patternfly/react-icons/dist/esm/icons/plus-circle-icon.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { attributeLabel, placeholderOf } from "../attribute-annotations.ts";
import type { AttributeInputProps } from "../profile-types.ts";

/** Several typed values; one entry always stays, and a new one can be added once the last is filled. */
export function MultiInputAttributeInput({ attribute, inputId, values, onChange, isDisabled }: AttributeInputProps) {
  const { t } = useMessages();
  const label = attributeLabel(t, attribute);
  const entries = values.length ? values : [""];
  const change = (index: number, value: string) => onChange(entries.map((entry, at) => (at === index ? value : entry)));
  return (
    <div id={inputId}>
      {entries.map((entry, index) => (
        <InputGroup key={index}>
          <InputGroupItem isFill>
            <TextInput
              id={`${inputId}-${index}`}
              value={entry}
              onChange={(_event, value) => change(index, value)}
              placeholder={placeholderOf(t, attribute)}
              aria-label={t("profileValueOf", { label, index: index + 1 })}
              readOnlyVariant={isDisabled ? "default" : undefined}
            />
          </InputGroupItem>
          <InputGroupItem>
            <Button
              variant="link"
              icon={<MinusCircleIcon />}
              aria-label={t("profileRemoveValue", { label, index: index + 1 })}
              isDisabled={isDisabled || entries.length === 1}
              onClick={() => onChange(entries.filter((_entry, at) => at !== index))}
            />
          </InputGroupItem>
        </InputGroup>
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        isDisabled={isDisabled || entries.at(-1) === ""}
        onClick={() => onChange([...entries, ""])}
      >
        {t("addMultivaluedLabel", { fieldLabel: label })}
      </Button>
    </div>
  );
}
