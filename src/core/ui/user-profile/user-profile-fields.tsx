import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { AttributeField } from "./attribute-field.tsx";
import { translatePlaceholder } from "./translate-placeholder.ts";
import type { UserProfileAttributeMetadata, UserProfileMetadata } from "./profile-types.ts";
import "./profile-messages.ts";

export interface UserProfileFieldsProps {
  metadata: UserProfileMetadata;
  /** Everything read-only (a user without manage-users). */
  isReadOnly?: boolean;
  /** Leaves out attributes by name (e.g. username on create when the realm uses the email). */
  hiddenAttributes?: string[];
}

interface Section {
  name?: string;
  header?: string;
  description?: string;
  attributes: UserProfileAttributeMetadata[];
}

function sections(metadata: UserProfileMetadata, hidden: string[]): Section[] {
  const shown = (metadata.attributes ?? []).filter((attribute) => attribute.name && !hidden.includes(attribute.name));
  const known = new Set((metadata.groups ?? []).map((group) => group.name));
  const result: Section[] = [
    { attributes: shown.filter((attribute) => !attribute.group || !known.has(attribute.group)) },
  ];
  for (const group of metadata.groups ?? []) {
    result.push({
      name: group.name,
      header: group.displayHeader || group.name,
      description: group.displayDescription,
      attributes: shown.filter((attribute) => attribute.group === group.name),
    });
  }
  return result.filter((section) => section.attributes.length > 0);
}

/**
 * The fields of a user as the realm's user profile describes them: ungrouped attributes first,
 * then each attribute group under its header and description. Use inside a react-hook-form
 * FormProvider whose values come from `toUserFormValues`.
 */
export function UserProfileFields({ metadata, isReadOnly, hiddenAttributes = [] }: UserProfileFieldsProps) {
  const { t } = useMessages();
  return (
    <>
      {sections(metadata, hiddenAttributes).map((section) => (
        <div key={section.name ?? ""} className="kc-profile-group" data-group={section.name ?? ""}>
          {section.header && (
            <Title headingLevel="h2" size="lg">
              {translatePlaceholder(t, section.header)}
            </Title>
          )}
          {section.description && <Content component="p">{translatePlaceholder(t, section.description)}</Content>}
          {section.attributes.map((attribute) => (
            <AttributeField key={attribute.name} attribute={attribute} isReadOnly={isReadOnly} />
          ))}
        </div>
      ))}
    </>
  );
}
