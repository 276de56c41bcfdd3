import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertActionLink } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { EmptyState } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import ArrowDownIcon from "@patternfly/react-icons/dist/esm/icons/arrow-down-icon.js";
import ArrowUpIcon from "@patternfly/react-icons/dist/esm/icons/arrow-up-icon.js";
import CogIcon from "@patternfly/react-icons/dist/esm/icons/cog-icon.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { RequiredActionConfigDialog } from "./required-action-config-dialog.tsx";
import {
  fetchRequiredActions,
  moveRequiredAction,
  registerRequiredAction,
  requiredActionsKey,
  updateRequiredAction,
  type RequiredActionRow,
} from "./queries.ts";
import "./flow-tree.css";
import "./messages.ts";

/** The realm's required actions in priority order, then the unregistered ones (off until switched on). */
export function RequiredActionsTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const [dialog, setDialog] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: requiredActionsKey(realm),
    queryFn: () => fetchRequiredActions(adminClient, realm),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: requiredActionsKey(realm) });

  const run = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await work();
      addAlert(success);
    } catch (error) {
      addError("updatedRequiredActionError", error);
    }
    await refresh();
    setBusy(false);
  };

  const setEnabled = (action: RequiredActionRow, enabled: boolean) =>
    run(async () => {
      if (!action.registered) await registerRequiredAction(adminClient, realm, action.providerId!, action.name!);
      else {
        const { registered: _registered, configurable: _configurable, ...rep } = action;
        await updateRequiredAction(adminClient, realm, { ...rep, enabled });
      }
    }, t("updatedRequiredActionSuccess"));
  const setDefault = (action: RequiredActionRow, defaultAction: boolean) =>
    run(() => {
      const { registered: _registered, configurable: _configurable, ...rep } = action;
      return updateRequiredAction(adminClient, realm, { ...rep, defaultAction });
    }, t("updatedRequiredActionSuccess"));
  const move = (action: RequiredActionRow, direction: "up" | "down") =>
    run(() => moveRequiredAction(adminClient, realm, action.alias!, direction), t("updatedRequiredActionSuccess"));

  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <Alert
        variant="danger"
        isInline
        title={t("authnRequiredActionsLoadFailed", { message: errorMessage(query.error) })}
        actionLinks={<AlertActionLink onClick={() => void refresh()}>{t("reload")}</AlertActionLink>}
      />
    );
  const actions = query.data;
  if (actions.length === 0) return <EmptyState titleText={t("authnNoRequiredActions")} headingLevel="h2" />;
  const registered = actions.filter((action) => action.registered);

  return (
    <>
      <Table aria-label={t("requiredActions")} variant="compact">
        <Thead>
          <Tr>
            <Th>{t("action")}</Th>
            <Th>{t("enabled")}</Th>
            <Th info={{ popover: t("authDefaultActionTooltip") }}>{t("setAsDefaultAction")}</Th>
            <Th modifier="fitContent" screenReaderText={t("authnOrderColumn")} />
            <Th modifier="fitContent" screenReaderText={t("configure")} />
          </Tr>
        </Thead>
        <Tbody>
          {actions.map((action) => {
            const name = action.name ?? action.alias ?? "";
            const position = registered.indexOf(action);
            return (
              <Tr key={action.alias}>
                <Td dataLabel={t("action")}>{name}</Td>
                <Td dataLabel={t("enabled")}>
                  <Switch
                    id={`kc-required-action-enabled-${action.alias}`}
                    aria-label={t("authnEnabledOf", { name })}
                    isChecked={Boolean(action.enabled)}
                    isDisabled={!canManage || busy}
                    onChange={(_event, checked) => void setEnabled(action, checked)}
                  />
                </Td>
                <Td dataLabel={t("setAsDefaultAction")}>
                  <Switch
                    id={`kc-required-action-default-${action.alias}`}
                    aria-label={t("authnDefaultOf", { name })}
                    isChecked={Boolean(action.defaultAction)}
                    isDisabled={!canManage || busy || !action.enabled}
                    onChange={(_event, checked) => void setDefault(action, checked)}
                  />
                </Td>
                <Td isActionCell>
                  {action.registered && canManage && (
                    <div className="kc-authn-row-actions">
                      <Button
                        variant="plain"
                        aria-label={t("authnRaise", { name })}
                        isDisabled={busy || position === 0}
                        onClick={() => void move(action, "up")}
                        icon={<ArrowUpIcon />}
                      />
                      <Button
                        variant="plain"
                        aria-label={t("authnLower", { name })}
                        isDisabled={busy || position === registered.length - 1}
                        onClick={() => void move(action, "down")}
                        icon={<ArrowDownIcon />}
                      />
                    </div>
                  )}
                </Td>
                <Td isActionCell>
                  {action.registered && canManage && action.configurable && (
                    <Button
                      variant="plain"
                      aria-label={t("authnConfigureAction", { name })}
                      onClick={() =>
                        setDialog(
                          <RequiredActionConfigDialog
                            alias={action.alias!}
                            name={name}
                            onClose={() => setDialog(null)}
                          />,
                        )
                      }
                      icon={<CogIcon />}
                    />
                  )}
                </Td>
              </Tr>
            );
          })}
        </Tbody>
      </Table>
      {dialog}
    </>
  );
}
