import { Controller, useFormContext } from "react-hook-form";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { FormField } from "../../../core/ui/form/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { ServerSearchSelect } from "../../../core/ui/pickers/index.ts";
import { UserPicker } from "../../../core/ui/pickers/user-picker.tsx";
import { searchObjects } from "../object-search.ts";
import { permissionsKey, resourceTypeKey } from "../permission-queries.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import "../messages.ts";

/** The fields of a question about an administrator: who, which resource type, and optionally one object of it. */
export interface SubjectFormValues {
  user: string[];
  resourceType: string;
  resource: string[];
}

export interface SubjectFieldsProps {
  context: PermissionsContext;
  /** Prefix of the fields' ids. */
  idPrefix: string;
  /** Message key shown when no user is chosen. */
  userRequired: string;
  typeHelp?: string;
  /** Labels of the objects found so far, by id (the caller keeps them to name its answer). */
  labels: Record<string, string>;
  onLabels(found: Record<string, string>): void;
  /** Called after the resource type changed (the object is cleared already). */
  onTypeChange?(): void;
}

export function SubjectFields({
  context,
  idPrefix,
  userRequired,
  typeHelp,
  labels,
  onLabels,
  onTypeChange,
}: SubjectFieldsProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const form = useFormContext<SubjectFormValues>();
  const resourceType = form.watch("resourceType");
  const typeName = t(resourceTypeKey(resourceType));
  return (
    <>
      <Controller
        control={form.control}
        name="user"
        rules={{ validate: (chosen) => chosen.length > 0 || t(userRequired) }}
        render={({ field, fieldState }) => (
          <FormField id={`${idPrefix}-user`} label={t("user")} isRequired error={fieldState.error?.message}>
            <UserPicker
              id={`${idPrefix}-user`}
              aria-label={t("user")}
              isMulti={false}
              values={field.value}
              onChange={field.onChange}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="resourceType"
        render={({ field }) => (
          <FormField id={`${idPrefix}-type`} label={t("resourceType")} helperText={typeHelp && t(typeHelp)}>
            <SingleSelect
              id={`${idPrefix}-type`}
              aria-label={`${t("resourceType")}: ${t(resourceTypeKey(field.value))}`}
              value={field.value}
              options={context.resourceTypes.map(({ type }) => ({ value: type, label: t(resourceTypeKey(type)) }))}
              onChange={(value) => {
                field.onChange(value);
                form.setValue("resource", []);
                onTypeChange?.();
              }}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="resource"
        render={({ field }) => (
          <FormField id={`${idPrefix}-resource`} label={t("resource")}>
            <ServerSearchSelect
              key={resourceType}
              id={`${idPrefix}-resource`}
              aria-label={t("resource")}
              placeholder={t("allResourceType", { resourceType: typeName })}
              isSingle
              queryKey={[...permissionsKey(realm), "objects", resourceType]}
              search={async (text, max) => {
                const found = await searchObjects(adminClient, realm, resourceType, text, max);
                onLabels(Object.fromEntries(found.map((o) => [o.value, o.label])));
                return found;
              }}
              values={field.value}
              onChange={field.onChange}
              labels={labels}
            />
          </FormField>
        )}
      />
    </>
  );
}
