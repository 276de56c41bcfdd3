import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { FormField } from "../../../core/ui/form/index.ts";
import { ClientCertificate } from "./client-keys-tab.tsx";
import type { ClientTabProps } from "../details/client-tab-props.ts";
import "../details/client-tab-messages.ts";

/** Keycloak's SAML key sections: the switch attribute and the certificate attribute of each. */
const SECTIONS = [
  { title: "signingKeysConfig", label: "clientSignature", flag: "saml.client.signature", attr: "saml.signing" },
  { title: "encryptionKeysConfig", label: "encryptAssertions", flag: "saml.encrypt", attr: "saml.encryption" },
] as const;

/** SAML: signing and encryption keys, each switched on or off, with its certificate when on. */
export function ClientSamlKeysTab({ client, canManage, onSave }: ClientTabProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const attributes = client.attributes ?? {};
  const toggle = async (flag: string, isOn: boolean) => {
    try {
      await onSave({ attributes: { ...attributes, [flag]: String(isOn) } });
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };
  return (
    <Form isHorizontal style={{ maxWidth: "60rem" }} onSubmit={(event) => event.preventDefault()}>
      {SECTIONS.map((section) => {
        const isOn = attributes[section.flag] === "true";
        const switchId = `kc-${section.flag.replace(/\W/g, "-")}`;
        return (
          <FormSection key={section.flag} title={t(section.title)} titleElement="h2">
            <Content component="p">{t(`${section.title}Explain`)}</Content>
            <FormField id={switchId} label={t(section.label)}>
              <Switch
                id={switchId}
                isChecked={isOn}
                isDisabled={!canManage}
                onChange={(_event, checked) => void toggle(section.flag, checked)}
                aria-label={t(section.label)}
              />
            </FormField>
            {isOn && <ClientCertificate clientId={client.id!} attr={section.attr} canManage={canManage} isSaml />}
          </FormSection>
        );
      })}
    </Form>
  );
}
