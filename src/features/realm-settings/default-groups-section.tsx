import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { GroupPickerDialog, type PickedGroup } from "../../core/ui/pickers/index.ts";
import { addDefaultGroup, defaultGroupsKey, fetchDefaultGroups, removeDefaultGroup } from "./queries.ts";
import "./messages.ts";

/** The groups every new user joins: listed with a remove button each, added through the group picker. */
export function DefaultGroupsSection({ realm }: { realm: string }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const canManage = useAccess().hasAccess("manage-realm");
  const { addAlert, addError } = useAlerts();
  const [picking, setPicking] = useState(false);
  const groups = useQuery({ queryKey: defaultGroupsKey(realm), queryFn: () => fetchDefaultGroups(adminClient, realm) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: defaultGroupsKey(realm) });

  const add = async (picked: PickedGroup[]) => {
    setPicking(false);
    try {
      for (const group of picked) await addDefaultGroup(adminClient, realm, group.id);
      addAlert(t("defaultGroupAdded", { count: picked.length }));
    } catch (error) {
      addError("rsDefaultGroupAddError", error);
    }
    await refresh();
  };

  const remove = async (id: string, name: string) => {
    try {
      await removeDefaultGroup(adminClient, realm, id);
      addAlert(t("rsDefaultGroupRemoved", { name }));
    } catch (error) {
      addError("rsDefaultGroupRemoveError", error);
    }
    await refresh();
  };

  if (groups.isPending) return <LoadingSpinner />;
  if (groups.error)
    return (
      <Alert
        variant="danger"
        isInline
        title={t("rsDefaultGroupsLoadFailed", { message: errorMessage(groups.error) })}
      />
    );
  const list = groups.data ?? [];
  const addButton = canManage && (
    <Button variant="primary" onClick={() => setPicking(true)}>
      {t("addGroups")}
    </Button>
  );
  return (
    <>
      {list.length === 0 ? (
        <EmptyState titleText={t("noDefaultGroups")} headingLevel="h3">
          <EmptyStateBody>{t("rsNoDefaultGroupsBody")}</EmptyStateBody>
          {addButton}
        </EmptyState>
      ) : (
        <>
          <Toolbar>
            <ToolbarContent>
              <ToolbarItem>{addButton}</ToolbarItem>
            </ToolbarContent>
          </Toolbar>
          <Table aria-label={t("defaultGroups")} variant="compact">
            <Thead>
              <Tr>
                <Th>{t("name")}</Th>
                <Th>{t("path")}</Th>
                {canManage && <Th screenReaderText={t("rsRowActions")} />}
              </Tr>
            </Thead>
            <Tbody>
              {list.map((group) => (
                <Tr key={group.id}>
                  <Td dataLabel={t("name")}>{group.name}</Td>
                  <Td dataLabel={t("path")}>{group.path}</Td>
                  {canManage && (
                    <Td isActionCell>
                      <Button
                        variant="link"
                        aria-label={t("rsRemoveDefaultGroup", { name: group.name })}
                        onClick={() => void remove(group.id ?? "", group.name ?? "")}
                      >
                        {t("remove")}
                      </Button>
                    </Td>
                  )}
                </Tr>
              ))}
            </Tbody>
          </Table>
        </>
      )}
      {picking && (
        <GroupPickerDialog
          isMulti
          title={t("addDefaultGroups")}
          realm={realm}
          disabledIds={list.map((group) => group.id ?? "")}
          onSelect={(picked) => void add(picked)}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
