import { Controller, useFormContext } from "react-hook-form";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { FormField } from "../form/form-field.tsx";
import { attributeLabel, helperTextAfter, helperTextBefore } from "./attribute-annotations.ts";
import { validateAttribute } from "./attribute-rules.ts";
import { fieldName, isRootAttribute } from "./field-names.ts";
import { AttributeInput } from "./inputs/attribute-input.tsx";
import { LOCALE_ATTRIBUTE, selectableLocales } from "./locale-attribute.ts";
import { useRealmRepresentationIfScoped } from "../../runtime/realm-scope.tsx";
import type { UserProfileAttributeMetadata } from "./profile-types.ts";

const asValues = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === null || value === ""
      ? []
      : [String(value)];

/**
 * One profile attribute bound to the surrounding react-hook-form: root fields as a string,
 * everything else as a list under `attributes`.
 */
export function AttributeField({
  attribute,
  isReadOnly = false,
}: {
  attribute: UserProfileAttributeMetadata;
  isReadOnly?: boolean;
}) {
  const { t } = useMessages();
  const { control } = useFormContext();
  const name = attribute.name ?? "";
  const isRoot = isRootAttribute(name);
  const realm = useRealmRepresentationIfScoped();
  const isLocale = name === LOCALE_ATTRIBUTE;
  const label = isLocale ? t("selectALocale") : attributeLabel(t, attribute);
  const inputId = `profile-${name.replace(/[^\w-]/g, "-")}`;
  const before = helperTextBefore(t, attribute);
  const after = helperTextAfter(t, attribute);
  if (isLocale && selectableLocales(realm).length === 0) return null;
  return (
    <Controller
      name={fieldName(name)}
      control={control}
      defaultValue={isRoot ? "" : []}
      rules={{ validate: (value: unknown) => validateAttribute(t, attribute, label, asValues(value)) }}
      render={({ field, fieldState }) => (
        <FormField
          id={inputId}
          label={label}
          isRequired={!!attribute.required}
          error={fieldState.error?.message}
          helperText={after}
        >
          {before && (
            <HelperText>
              <HelperTextItem>{before}</HelperTextItem>
            </HelperText>
          )}
          <AttributeInput
            attribute={attribute}
            inputId={inputId}
            values={asValues(field.value)}
            onChange={(values) => field.onChange(isRoot ? (values[0] ?? "") : values)}
            isDisabled={isReadOnly || !!attribute.readOnly}
            isInvalid={!!fieldState.error}
          />
        </FormField>
      )}
    />
  );
}
