import { useMemo } from "react";
import { useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { isFeatureEnabled } from "../../core/api/server-info.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  CopyToClipboardField,
  KeyValueControl,
  SelectControl,
  SwitchControl,
  TextControl,
  useValuesForm,
} from "../../core/ui/form/index.ts";
import { EndpointLinks } from "./endpoint-links.tsx";
import {
  generalChanges,
  isLevel,
  SSL_REQUIRED,
  toGeneralValues,
  UNMANAGED_POLICIES,
  type GeneralValues,
} from "./general-values.ts";
import { fetchUserProfile, refreshRealm, saveRealm, saveUserProfile, userProfileKey, type Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { toRealmSettings } from "./paths.ts";
import { useVersionNote } from "../../core/ui/version/index.ts";
import { SETTING_SINCE } from "./setting-versions.ts";
import "./messages.ts";
import "./realm-settings.css";

const SSL_TEXT = { all: "rsSslAll", external: "rsSslExternal", none: "none" } as const;
const POLICY_TEXT = {
  DISABLED: "disabled",
  ENABLED: "enabled",
  ADMIN_VIEW: "rsUnmanagedAdminView",
  ADMIN_EDIT: "rsUnmanagedAdminEdit",
} as const;

/** Realm ID, display names, frontend URL, SSL, ACR to LoA, user-managed access, unmanaged attributes, switches, endpoints. */
export function GeneralTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const unmanagedNote = useVersionNote(SETTING_SINCE.unmanagedAttributePolicy);
  const organizationsNote = useVersionNote(SETTING_SINCE.organizationsEnabled);
  const adminPermissionsNote = useVersionNote(SETTING_SINCE.adminPermissionsEnabled);
  const name = realm.realm ?? "";
  const profile = useQuery({
    queryKey: userProfileKey(name),
    queryFn: () => fetchUserProfile(adminClient, name),
  });
  const policy = profile.data?.unmanagedAttributePolicy;
  const initial = useMemo(() => toGeneralValues(realm, policy), [realm, policy]);
  const form = useValuesForm(initial);
  const { addAlert, addError } = useAlerts();
  const navigate = useNavigate();

  const save = async (values: GeneralValues) => {
    try {
      await saveRealm(adminClient, realm, generalChanges(realm, values));
      if (profile.data && values.unmanagedAttributePolicy !== (policy ?? "DISABLED")) {
        const next: UserProfileConfig = { ...profile.data };
        if (values.unmanagedAttributePolicy === "DISABLED") delete next.unmanagedAttributePolicy;
        else
          next.unmanagedAttributePolicy =
            values.unmanagedAttributePolicy as UserProfileConfig["unmanagedAttributePolicy"];
        await saveUserProfile(adminClient, name, next);
        await queryClient.invalidateQueries({ queryKey: userProfileKey(name) });
      }
      const renamedTo = values.realmName.trim();
      form.reset({ ...values, realmName: renamedTo });
      addAlert(t("realmSaveSuccess"));
      if (renamedTo !== name) {
        // The console's address follows the realm's new name.
        await queryClient.invalidateQueries();
        navigate(toRealmSettings(renamedTo, "general"));
        return;
      }
      await refreshRealm(queryClient, name);
    } catch (error) {
      addError("realmSaveError", error);
    }
  };

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("general")}>
      <CopyToClipboardField label={t("realmId")} value={realm.id ?? name} id="kc-realm-id" />
      <TextControl<GeneralValues>
        name="realmName"
        label={t("realmName")}
        isReadOnly={name === "master"}
        rules={{
          required: t("rsRealmNameRequired"),
          validate: (value) => !!String(value).trim() || t("rsRealmNameRequired"),
        }}
      />
      <TextControl<GeneralValues> name="displayName" label={t("displayName")} />
      <TextControl<GeneralValues> name="displayNameHtml" label={t("htmlDisplayName")} />
      <TextControl<GeneralValues>
        name="frontendUrl"
        type="url"
        label={t("frontendUrl")}
        labelHelp={t("frontendUrlHelp")}
        rules={{
          validate: (value) =>
            !String(value).trim() || /^https?:\/\/\S+$/.test(String(value).trim()) || t("rsUrlInvalid"),
        }}
      />
      <SelectControl<GeneralValues>
        name="sslRequired"
        label={t("requireSsl")}
        labelHelp={t("requireSslHelp")}
        options={SSL_REQUIRED.map((value) => ({ value, label: t(SSL_TEXT[value]) }))}
      />
      <KeyValueControl<GeneralValues>
        name="acrLoaMap"
        label={t("acrToLoAMapping")}
        labelHelp={t("acrToLoAMappingHelp")}
        keyLabel={t("acr")}
        valueLabel={t("loa")}
        rules={{
          validate: (rows) =>
            (rows as GeneralValues["acrLoaMap"]).every((row) => !row.key.trim() || isLevel(row.value)) ||
            t("rsLoaNotNumber"),
        }}
      />
      <SwitchControl<GeneralValues>
        name="userManagedAccessAllowed"
        label={t("userManagedAccess")}
        labelHelp={t("userManagedAccessHelp")}
        onText={t("on")}
        offText={t("off")}
      />
      <SelectControl<GeneralValues>
        name="unmanagedAttributePolicy"
        label={t("unmanagedAttributes")}
        isDisabled={!profile.data}
        helperText={unmanagedNote}
        options={UNMANAGED_POLICIES.map((value) => ({ value, label: t(POLICY_TEXT[value]) }))}
      />
      {isFeatureEnabled(serverInfo, "ORGANIZATION") && (
        <SwitchControl<GeneralValues>
          name="organizationsEnabled"
          label={t("organizationsEnabled")}
          labelHelp={t("organizationsEnabledHelp")}
          helperText={organizationsNote}
          onText={t("on")}
          offText={t("off")}
        />
      )}
      {isFeatureEnabled(serverInfo, "ADMIN_FINE_GRAINED_AUTHZ_V2") && (
        <SwitchControl<GeneralValues>
          name="adminPermissionsEnabled"
          label={t("adminPermissionsEnabled")}
          labelHelp={t("adminPermissionsEnabledHelp")}
          helperText={adminPermissionsNote}
          onText={t("on")}
          offText={t("off")}
        />
      )}
      <EndpointLinks realm={name} />
    </SettingsForm>
  );
}
