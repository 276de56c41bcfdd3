import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { useAdminClient } from "../../../runtime/runtime-context.tsx";
import { FormField } from "../../form/form-field.tsx";
import { useControlField } from "../../form/use-control-field.ts";
import { ClientPicker } from "../../pickers/client-picker.tsx";
import { GroupPickerDialog } from "../../pickers/group-picker-dialog.tsx";
import { PICKER_RESULT_SIZE } from "../../pickers/picker-constants.ts";
import { usePickerRealm } from "../../pickers/picker-realm.ts";
import { RolePickerDialog, roleReference } from "../../pickers/role-picker-dialog.tsx";
import { SearchSelect } from "../../pickers/search-select.tsx";
import { useDebouncedValue } from "../../pickers/use-debounced-value.ts";
import { useProfileMetadataQuery } from "../../user-profile/profile-metadata-query.ts";
import { controlProps, type PropertyFieldProps } from "../property-field-props.ts";

function usePropertyControl(props: PropertyFieldProps, empty: unknown) {
  const { t } = useMessages();
  const base = controlProps(t, props);
  return { base, ...useControlField(base, empty) };
}

/** A client, by clientId, searched on the server. */
export function ClientListField(props: PropertyFieldProps) {
  const { base, field, id, errorText, isRequired } = usePropertyControl(props, "");
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <ClientPicker
        id={id}
        aria-label={base.label}
        values={field.value ? [String(field.value)] : []}
        onChange={(values) => field.onChange(values[0] ?? "")}
        isDisabled={base.isDisabled}
      />
    </FormField>
  );
}

/** Identity providers, by alias, searched on the server. */
export function IdentityProviderMultiListField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = usePickerRealm();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text);
  const { base, field, id, errorText, isRequired } = usePropertyControl(props, []);
  const query = useQuery({
    queryKey: ["picker-identity-providers", realm, search],
    queryFn: () =>
      adminClient.identityProviders.find({ realm, search: search || undefined, first: 0, max: PICKER_RESULT_SIZE }),
  });
  const options = (query.data ?? []).map((provider) => ({
    value: provider.alias ?? "",
    label: provider.displayName || provider.alias || "",
  }));
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <SearchSelect
        id={id}
        aria-label={base.label}
        placeholder={t("dynamicSearchProviders")}
        options={options}
        values={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
        onFilterChange={setText}
        isMulti
        isDisabled={base.isDisabled}
        isLoading={query.isPending || text !== search}
      />
    </FormField>
  );
}

/**
 * One of the realm's user-profile attribute names, or any typed name (an unmanaged attribute): the typed text is
 * offered as its own option when no attribute has exactly that name.
 */
export function UserProfileAttributeListField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const realm = usePickerRealm();
  const metadata = useProfileMetadataQuery(realm);
  const [filter, setFilter] = useState("");
  const { base, field, id, errorText, isRequired } = usePropertyControl(props, "");
  const names = (metadata.data?.attributes ?? []).map((attribute) => attribute.name ?? "").filter(Boolean);
  const typed = filter.trim();
  const options = names
    .filter((name) => name.toLowerCase().includes(typed.toLowerCase()))
    .map((name) => ({ value: name, label: name }));
  if (typed && !names.includes(typed))
    options.push({ value: typed, label: t("dynamicUseTypedAttribute", { name: typed }) });
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <SearchSelect
        id={id}
        aria-label={base.label}
        placeholder={t("dynamicChooseAttribute")}
        options={options}
        values={field.value ? [String(field.value)] : []}
        onChange={(values) => field.onChange(values[0] ?? "")}
        onFilterChange={setFilter}
        isDisabled={base.isDisabled}
        isLoading={metadata.isPending}
      />
    </FormField>
  );
}

/** The chosen value shown read-only, with a button that opens a picker dialog. */
function PickedValue({
  id,
  value,
  emptyText,
  buttonText,
  isDisabled,
  onOpen,
  onClear,
}: {
  id: string;
  value: string;
  emptyText: string;
  buttonText: string;
  isDisabled?: boolean;
  onOpen(): void;
  onClear(): void;
}) {
  const { t } = useMessages();
  return (
    <InputGroup>
      <InputGroupItem isFill>
        <TextInput id={id} value={value} placeholder={emptyText} readOnlyVariant="default" aria-label={buttonText} />
      </InputGroupItem>
      <InputGroupItem>
        <Button variant="secondary" onClick={onOpen} isDisabled={isDisabled}>
          {buttonText}
        </Button>
      </InputGroupItem>
      {value && !isDisabled && (
        <InputGroupItem>
          <Button variant="link" onClick={onClear}>
            {t("clear")}
          </Button>
        </InputGroupItem>
      )}
    </InputGroup>
  );
}

/** A group, by path, from the group picker. */
export function GroupField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const [isOpen, setOpen] = useState(false);
  const { base, field, id, errorText, isRequired } = usePropertyControl(props, "");
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <PickedValue
        id={id}
        value={String(field.value ?? "")}
        emptyText={t("dynamicNoGroup")}
        buttonText={t("selectGroup")}
        isDisabled={base.isDisabled}
        onOpen={() => setOpen(true)}
        onClear={() => field.onChange("")}
      />
      {isOpen && (
        <GroupPickerDialog
          onClose={() => setOpen(false)}
          onSelect={([group]) => {
            field.onChange(group?.path ?? "");
            setOpen(false);
          }}
        />
      )}
    </FormField>
  );
}

/** A role, as `role` or `clientId.role`, from the role picker. */
export function RoleField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const [isOpen, setOpen] = useState(false);
  const { base, field, id, errorText, isRequired } = usePropertyControl(props, "");
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <PickedValue
        id={id}
        value={String(field.value ?? "")}
        emptyText={t("dynamicNoRole")}
        buttonText={t("selectRole")}
        isDisabled={base.isDisabled}
        onOpen={() => setOpen(true)}
        onClear={() => field.onChange("")}
      />
      {isOpen && (
        <RolePickerDialog
          onClose={() => setOpen(false)}
          onSelect={(role) => {
            field.onChange(roleReference(role));
            setOpen(false);
          }}
        />
      )}
    </FormField>
  );
}
