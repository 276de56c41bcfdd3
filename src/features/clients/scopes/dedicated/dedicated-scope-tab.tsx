import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { FormField } from "../../../../core/ui/form/index.ts";
import { RoleMapping } from "../../../../core/ui/role-mapping/index.ts";
import { clientKeys, updateClient } from "../../client-queries.ts";
import "../client-scopes-messages.ts";

/** The dedicated scope's Scope tab: "Full scope allowed", and when off, the client's role scope mappings. */
export function DedicatedScopeTab({ client, canManage }: { client: ClientRepresentation; canManage: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [isSaving, setSaving] = useState(false);
  const isFull = client.fullScopeAllowed !== false;

  const setFullScope = async (fullScopeAllowed: boolean) => {
    setSaving(true);
    try {
      await updateClient(adminClient, realm, client.id!, { ...client, fullScopeAllowed });
      alerts.addAlert(t("clientSaveSuccess"));
      await queryClient.invalidateQueries({ queryKey: clientKeys.one(realm, client.id!) });
    } catch (error) {
      alerts.addError("clientSaveError", error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form isHorizontal onSubmit={(event) => event.preventDefault()} style={{ marginBlock: "1rem" }}>
        <FormField id="kc-full-scope-allowed" label={t("fullScopeAllowed")} labelHelp={t("fullScopeAllowedHelp")}>
          <Switch
            id="kc-full-scope-allowed"
            aria-label={t("fullScopeAllowed")}
            isChecked={isFull}
            isDisabled={!canManage || isSaving}
            onChange={(_event, checked) => void setFullScope(checked)}
          />
        </FormField>
      </Form>
      {!isFull && <RoleMapping type="clients" id={client.id!} isManager={canManage} />}
    </>
  );
}
