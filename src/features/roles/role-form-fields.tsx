import type { FieldValues, Path } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { TextAreaControl } from "../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import "./messages.ts";

export interface RoleFormValues {
  name: string;
  description: string;
}

/** Name (read-only once the role exists) and description. */
export function RoleFormFields<T extends FieldValues & RoleFormValues>({
  isNew,
  isDisabled,
}: {
  isNew: boolean;
  isDisabled?: boolean;
}) {
  const { t } = useMessages();
  return (
    <>
      <TextControl<T>
        name={"name" as Path<T>}
        label={t("roleName")}
        isReadOnly={!isNew}
        rules={
          isNew
            ? {
                required: t("roleNameRequired"),
                validate: (value) => String(value).trim() !== "" || t("roleNameRequired"),
              }
            : undefined
        }
      />
      <TextAreaControl<T> name={"description" as Path<T>} label={t("description")} isDisabled={isDisabled} />
    </>
  );
}
