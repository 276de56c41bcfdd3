import { useEffect, useRef } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { PasswordControl, SelectControl, SwitchControl, TextControl } from "../../../core/ui/form/index.ts";
import type { ProviderFormValues } from "../provider-form-values.ts";
import { testLdap, type TestAction } from "../queries.ts";
import { VENDOR_PRESETS, VENDORS } from "./ldap-defaults.ts";
import "../messages.ts";

type Values = ProviderFormValues;

const required = (t: (key: string) => string) => ({ required: { value: true, message: t("required") } });
const numeric = { pattern: { value: /^-?\d*$/, message: "Enter a number." } };

/** The LDAP provider's settings, in Keycloak's sections; `componentId` lets the tests use the stored bind credential. */
export function LdapSettingsFields({ componentId }: { componentId?: string }) {
  const { t } = useMessages();
  const { control, setValue, getValues } = useFormContext<Values>();
  const [authType, fullSync, changedSync, cachePolicy, vendor] = useWatch({
    control,
    name: [
      "config.authType",
      "config.fullSyncPeriod",
      "config.changedSyncPeriod",
      "config.cachePolicy",
      "config.vendor",
    ],
  });
  // Picking a vendor fills in its LDAP attributes, as Keycloak's console does.
  const shownVendor = useRef(vendor);
  useEffect(() => {
    if (shownVendor.current === vendor) return;
    shownVendor.current = vendor;
    for (const [key, value] of Object.entries(VENDOR_PRESETS[vendor] ?? {}))
      setValue(`config.${key}`, value, { shouldDirty: true });
  }, [vendor, setValue]);
  const sw = (name: string, label: string) => <SwitchControl<Values> name={`config.${name}`} label={label} stringify />;
  return (
    <>
      <FormSection title={t("generalOptions")} titleElement="h2">
        <TextControl<Values> name="name" label={t("uiDisplayName")} rules={required(t)} />
        <SelectControl<Values>
          name="config.vendor"
          label={t("vendor")}
          rules={required(t)}
          isDisabled={!!componentId}
          options={VENDORS.map(([value, label]) => ({ value, label }))}
        />
      </FormSection>
      <FormSection title={t("connectionAndAuthenticationSettings")} titleElement="h2">
        <TextControl<Values> name="config.connectionUrl" label={t("connectionURL")} rules={required(t)} />
        {sw("startTls", t("enableStartTls"))}
        <SelectControl<Values>
          name="config.useTruststoreSpi"
          label={t("useTruststoreSpi")}
          options={[
            { value: "always", label: t("always") },
            { value: "never", label: t("never") },
          ]}
        />
        {sw("connectionPooling", t("connectionPooling"))}
        <TextControl<Values> name="config.connectionTimeout" label={t("connectionTimeout")} rules={numeric} />
        <LdapTestButton action="testConnection" getConfig={() => getValues("config")} componentId={componentId} />
        <SelectControl<Values>
          name="config.authType"
          label={t("bindType")}
          rules={required(t)}
          options={[
            { value: "simple", label: "simple" },
            { value: "none", label: "none" },
          ]}
        />
        {authType !== "none" && (
          <>
            <TextControl<Values> name="config.bindDn" label={t("bindDn")} rules={required(t)} />
            <PasswordControl<Values> name="config.bindCredential" label={t("bindCredentials")} rules={required(t)} />
          </>
        )}
        <LdapTestButton action="testAuthentication" getConfig={() => getValues("config")} componentId={componentId} />
      </FormSection>
      <FormSection title={t("ldapSearchingAndUpdatingSettings")} titleElement="h2">
        <SelectControl<Values>
          name="config.editMode"
          label={t("editMode")}
          rules={required(t)}
          options={["READ_ONLY", "WRITABLE", "UNSYNCED"].map((value) => ({ value, label: value }))}
        />
        <TextControl<Values> name="config.usersDn" label={t("usersDN")} rules={required(t)} />
        <TextControl<Values>
          name="config.usernameLDAPAttribute"
          label={t("usernameLdapAttribute")}
          rules={required(t)}
        />
        <TextControl<Values> name="config.rdnLDAPAttribute" label={t("rdnLdapAttribute")} rules={required(t)} />
        <TextControl<Values> name="config.uuidLDAPAttribute" label={t("uuidLdapAttribute")} rules={required(t)} />
        <TextControl<Values> name="config.userObjectClasses" label={t("userObjectClasses")} rules={required(t)} />
        <TextControl<Values> name="config.customUserSearchFilter" label={t("userLdapFilter")} />
        <SelectControl<Values>
          name="config.searchScope"
          label={t("searchScope")}
          options={[
            { value: "1", label: t("oneLevel") },
            { value: "2", label: t("subtree") },
          ]}
        />
        <TextControl<Values> name="config.readTimeout" label={t("readTimeout")} rules={numeric} />
        {sw("pagination", t("pagination"))}
        <SelectControl<Values>
          name="config.referral"
          label={t("referral")}
          options={[
            { value: "", label: "—" },
            { value: "ignore", label: "ignore" },
            { value: "follow", label: "follow" },
          ]}
        />
      </FormSection>
      <FormSection title={t("synchronizationSettings")} titleElement="h2">
        {sw("importEnabled", t("importUsers"))}
        {sw("syncRegistrations", t("syncRegistrations"))}
        <TextControl<Values> name="config.batchSizeForSync" label={t("batchSize")} rules={numeric} />
        <PeriodSwitch name="fullSyncPeriod" label={t("periodicFullSync")} value={fullSync} fallback="604800" />
        {fullSync !== "-1" && (
          <TextControl<Values> name="config.fullSyncPeriod" label={t("fullSyncPeriod")} rules={numeric} />
        )}
        <PeriodSwitch
          name="changedSyncPeriod"
          label={t("periodicChangedUsersSync")}
          value={changedSync}
          fallback="86400"
        />
        {changedSync !== "-1" && (
          <TextControl<Values> name="config.changedSyncPeriod" label={t("changedUsersSyncPeriod")} rules={numeric} />
        )}
        {sw("removeInvalidUsersEnabled", t("removeInvalidUsers"))}
      </FormSection>
      <FormSection title={t("kerberosIntegration")} titleElement="h2">
        {sw("allowKerberosAuthentication", t("allowKerberosAuthentication"))}
        {sw("useKerberosForPasswordAuthentication", t("useKerberosForPasswordAuthentication"))}
      </FormSection>
      <FormSection title={t("cacheSettings")} titleElement="h2">
        <SelectControl<Values>
          name="config.cachePolicy"
          label={t("cachePolicy")}
          options={["DEFAULT", "EVICT_DAILY", "EVICT_WEEKLY", "MAX_LIFESPAN", "NO_CACHE"].map((value) => ({
            value,
            label: value,
          }))}
        />
        {cachePolicy === "EVICT_WEEKLY" && (
          <TextControl<Values> name="config.evictionDay" label={t("evictionDay")} rules={numeric} />
        )}
        {(cachePolicy === "EVICT_DAILY" || cachePolicy === "EVICT_WEEKLY") && (
          <>
            <TextControl<Values> name="config.evictionHour" label={t("evictionHour")} rules={numeric} />
            <TextControl<Values> name="config.evictionMinute" label={t("evictionMinute")} rules={numeric} />
          </>
        )}
        {cachePolicy === "MAX_LIFESPAN" && (
          <TextControl<Values> name="config.maxLifespan" label={t("maxLifespan")} rules={numeric} />
        )}
      </FormSection>
      <FormSection title={t("advancedSettings")} titleElement="h2">
        {sw("usePasswordModifyExtendedOp", t("enableLdapv3Password"))}
        {sw("validatePasswordPolicy", t("validatePasswordPolicy"))}
        {sw("trustEmail", t("trustEmail"))}
        {sw("connectionTrace", t("connectionTrace"))}
      </FormSection>
    </>
  );
}

/** A periodic sync switch: on stores a period (Keycloak's default), off stores -1. */
function PeriodSwitch(props: { name: string; label: string; value: string; fallback: string }) {
  const { setValue } = useFormContext<Values>();
  const id = `kc-field-${props.name}-on`;
  const on = props.value !== "-1" && props.value !== "";
  return (
    <FormGroup fieldId={id}>
      <Switch
        id={id}
        label={props.label}
        isChecked={on}
        onChange={() => setValue(`config.${props.name}`, on ? "-1" : props.fallback, { shouldDirty: true })}
      />
    </FormGroup>
  );
}

/** Test connection / Test authentication with the form's current values; the server's answer as an alert. */
function LdapTestButton(props: { action: TestAction; getConfig(): Record<string, string>; componentId?: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addAlert, addError } = useAlerts();
  const run = async () => {
    try {
      await testLdap(adminClient, realm, props.action, props.getConfig(), props.componentId);
      addAlert(props.action === "testConnection" ? t("testSuccess") : t("testAuthSuccess"));
    } catch (error) {
      addError("testError", error);
    }
  };
  return (
    <Flex>
      <Button variant="secondary" onClick={() => void run()}>
        {props.action === "testConnection" ? t("testConnection") : t("testAuthentication")}
      </Button>
    </Flex>
  );
}
