import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import {
  DynamicComponents,
  SECRET_MASK,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../core/ui/dynamic/index.ts";
import { useKcForm } from "../../core/ui/form/index.ts";
import "./pickers-section-messages.ts";

/** A made-up provider's settings using every property type the dynamic form knows. */
const SAMPLE_PROPERTIES: ConfigProperty[] = [
  {
    name: "connection.url",
    label: "Connection URL",
    type: "Url",
    required: true,
    helpText: "Where the provider connects to.",
  },
  { name: "bindCredential", label: "Bind credential", type: "Password", secret: true },
  { name: "enabled", label: "Enabled", type: "boolean", defaultValue: true },
  { name: "priority", label: "Priority", type: "Integer", defaultValue: "0" },
  { name: "threshold", label: "Threshold", type: "Number", defaultValue: "0.5" },
  {
    name: "editMode",
    label: "Edit mode",
    type: "List",
    options: ["READ_ONLY", "WRITABLE", "UNSYNCED"],
    defaultValue: "READ_ONLY",
  },
  { name: "scopes", label: "Scopes", type: "MultivaluedList", options: ["openid", "email", "profile", "roles"] },
  { name: "domains", label: "Domains", type: "MultivaluedString" },
  { name: "description", label: "Description", type: "Text" },
  { name: "client", label: "Client", type: "ClientList" },
  { name: "providers", label: "Identity providers", type: "IdentityProviderMultiList" },
  { name: "attribute", label: "User attribute", type: "UserProfileAttributeList" },
  { name: "role", label: "Role", type: "Role" },
  { name: "group", label: "Group", type: "Group" },
  { name: "script", label: "Script", type: "Script", defaultValue: "// return true to allow\ntrue;" },
  { name: "claims", label: "Claims", type: "Map" },
  { name: "certificate", label: "Certificate", type: "File" },
  { name: "apiKey", label: "API key", type: "String", secret: true },
];

export function DynamicDemoSection() {
  const { t } = useMessages();
  const form = useKcForm<{ config: ConfigFormValues }>({
    defaultValues: {
      config: fromComponentConfig(SAMPLE_PROPERTIES, { bindCredential: [SECRET_MASK], apiKey: [SECRET_MASK] }),
    },
  });
  const [config, setConfig] = useState<string>();
  return (
    <FormProvider {...form}>
      <Form
        onSubmit={form.handleSubmit((values) =>
          setConfig(JSON.stringify(toComponentConfig(SAMPLE_PROPERTIES, values.config), null, 2)),
        )}
      >
        <DynamicComponents properties={SAMPLE_PROPERTIES} />
        <div>
          <Button type="submit">{t("cataloguePickersShowConfig")}</Button>
        </div>
        {config && (
          <CodeBlock>
            <CodeBlockCode data-testid="dynamic-config">{config}</CodeBlockCode>
          </CodeBlock>
        )}
      </Form>
    </FormProvider>
  );
}
