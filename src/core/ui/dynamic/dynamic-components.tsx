import type { ComponentType } from "react";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { configFieldName, type ConfigProperty } from "./config-property.ts";
import { FileField } from "./fields/file-field.tsx";
import { ListField, MapField, MultivaluedListField, MultivaluedStringField } from "./fields/list-fields.tsx";
import {
  ClientListField,
  GroupField,
  IdentityProviderMultiListField,
  RoleField,
  UserProfileAttributeListField,
} from "./fields/picker-fields.tsx";
import { BooleanField, NumberField, PasswordField, StringField, TextField } from "./fields/text-fields.tsx";
import type { PropertyFieldProps } from "./property-field-props.ts";
import "./dynamic-messages.ts";

const FIELDS: Record<string, ComponentType<PropertyFieldProps>> = {
  String: StringField,
  Url: StringField,
  Text: TextField,
  Script: TextField,
  Integer: NumberField,
  Number: NumberField,
  boolean: BooleanField,
  List: ListField,
  MultivaluedList: MultivaluedListField,
  MultivaluedString: MultivaluedStringField,
  ClientList: ClientListField,
  IdentityProviderMultiList: IdentityProviderMultiListField,
  UserProfileAttributeList: UserProfileAttributeListField,
  Role: RoleField,
  Group: GroupField,
  Map: MapField,
  File: FileField,
  Password: PasswordField,
};

export interface DynamicComponentsProps {
  properties: ConfigProperty[];
  /** Where the values live in the form; Keycloak's component shape is `config`. */
  prefix?: string;
  isReadOnly?: boolean;
}

/**
 * The fields of a component's settings as server info describes them. Use inside a react-hook-form
 * FormProvider whose `config` comes from `fromComponentConfig`; save with `toComponentConfig`.
 */
export function DynamicComponents({ properties, prefix = "config", isReadOnly }: DynamicComponentsProps) {
  const { t } = useMessages();
  return (
    <>
      {properties.map((property) => {
        const Field = FIELDS[property.type ?? "String"];
        const name = configFieldName(property.name ?? "", prefix);
        return Field ? (
          <div key={property.name} data-property={property.name} data-property-type={property.type}>
            <Field property={property} name={name} isReadOnly={isReadOnly} />
          </div>
        ) : (
          <Alert
            key={property.name}
            variant="warning"
            isInline
            isPlain
            title={t("dynamicUnknownType", { type: property.type })}
          />
        );
      })}
    </>
  );
}
