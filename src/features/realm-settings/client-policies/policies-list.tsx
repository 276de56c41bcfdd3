import { Link, useNavigate } from "react-router";
import type ClientPoliciesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientPoliciesRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { TableEmptyState } from "../../../core/ui/table/index.ts";
import { JsonConfigEditor } from "../json/json-config-editor.tsx";
import { ConfigViewSwitch } from "./config-view-switch.tsx";
import { toAddPolicy, toEditPolicy } from "./paths.ts";
import { useClientPolicies, type Policy } from "./use-client-policies.ts";
import "./client-policies-messages.ts";
import "./client-policies.css";

/** The realm's client policies: enabled switch, delete, or the whole list as JSON. */
export function PoliciesList({ data }: { data: ClientPoliciesRepresentation }) {
  const { t } = useMessages();
  const { realm, save } = useClientPolicies();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const policies = data.policies ?? [];

  const update = async (next: Policy[], success: string, failure: string) => {
    try {
      await save(next);
      addAlert(t(success));
    } catch (error) {
      addError(failure, error);
    }
  };

  const toggle = (policy: Policy, enabled: boolean) =>
    update(
      policies.map((entry) => (entry.name === policy.name ? { ...entry, enabled } : entry)),
      "updateClientPolicySuccess",
      "updateClientPoliciesError",
    );

  const remove = async (policy: Policy) => {
    const agreed = await confirm({
      title: t("deleteClientPolicyConfirmTitle"),
      children: t("deleteClientPolicyConfirm", { policyName: policy.name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (agreed)
      await update(
        policies.filter((entry) => entry.name !== policy.name),
        "updateClientPoliciesSuccess",
        "deleteClientPolicyError",
      );
  };

  const table =
    policies.length === 0 ? (
      <TableEmptyState
        title={t("noClientPolicies")}
        message={t("noClientPoliciesInstructions")}
        primaryAction={
          canManage ? { title: t("createClientPolicy"), onClick: () => navigate(toAddPolicy(realm)) } : undefined
        }
      />
    ) : (
      <>
        {canManage && (
          <Toolbar>
            <ToolbarContent>
              <ToolbarItem>
                <Button onClick={() => navigate(toAddPolicy(realm))}>{t("createClientPolicy")}</Button>
              </ToolbarItem>
            </ToolbarContent>
          </Toolbar>
        )}
        <Table aria-label={t("policies")} variant="compact" className="kc-cp-table">
          <Thead>
            <Tr>
              <Th>{t("name")}</Th>
              <Th>{t("enabled")}</Th>
              <Th>{t("description")}</Th>
              {canManage && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {policies.map((policy) => (
              <Tr key={policy.name}>
                <Td dataLabel={t("name")}>
                  <Link to={toEditPolicy(realm, policy.name ?? "")}>{policy.name}</Link>
                </Td>
                <Td dataLabel={t("enabled")}>
                  <Switch
                    id={`kc-policy-enabled-${policy.name}`}
                    aria-label={t("cpEnabledSwitch", { name: policy.name })}
                    isChecked={policy.enabled !== false}
                    isDisabled={!canManage}
                    onChange={(_event, enabled) => void toggle(policy, enabled)}
                  />
                </Td>
                <Td dataLabel={t("description")}>{policy.description}</Td>
                {canManage && (
                  <Td isActionCell>
                    <Button variant="link" isDanger onClick={() => void remove(policy)}>
                      {t("delete")}
                    </Button>
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      </>
    );

  return (
    <>
      <ConfigViewSwitch
        id="kc-policies-view"
        form={table}
        json={
          <JsonConfigEditor
            id="kc-client-policies-json"
            label={t("cpPoliciesJson")}
            value={{ policies }}
            check={(parsed) =>
              parsed && typeof parsed === "object" && Array.isArray((parsed as { policies?: unknown }).policies)
                ? undefined
                : t("cpJsonNotPolicies")
            }
            onSave={async (parsed) => {
              await save((parsed as { policies: Policy[] }).policies);
              addAlert(t("updateClientPoliciesSuccess"));
            }}
          />
        }
      />
      {dialog}
    </>
  );
}
