import { useState } from "react";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DownloadDialog } from "../../core/ui/dialogs/download-dialog.tsx";
import { useConfirm } from "../../core/ui/dialogs/use-confirm.tsx";
import { ChipGroupList } from "../../core/ui/table/chip-group-list.tsx";
import { DataTable } from "../../core/ui/table/data-table.tsx";
import { countUsers, deleteUser, disableUser, findUsers, userGroupNames } from "./catalogue-queries.ts";
import "./messages.ts";

/** The realm's users in a DataTable: server paging with a count, kebab, selection, expandable groups. */
export function UsersTableSection() {
  const { t } = useMessages();
  const client = useAdminClient();
  const realm = useCurrentRealm();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [shown, setShown] = useState<UserRepresentation>();

  const removeUser = async (user: UserRepresentation, refresh: () => void) => {
    const name = user.username ?? "";
    const agreed = await confirm({
      title: t("deleteConfirmUsers", { count: 1, name }),
      children: t("catalogueDeleteBody"),
      variant: "destructive",
    });
    if (!agreed) return;
    try {
      await deleteUser(client, realm, user.id!);
      addAlert(t("catalogueDeleted", { name }));
      refresh();
    } catch (error) {
      addError("errorAlert", error);
    }
  };

  return (
    <>
      <DataTable<UserRepresentation>
        tableId="catalogue-users"
        ariaLabel={t("users")}
        searchPlaceholder={t("searchForUser")}
        loader={(first, max, search) => findUsers(client, realm, first, max, search)}
        countLoader={(search) => countUsers(client, realm, search)}
        rowKey={(user) => user.id!}
        canSelect
        columns={[
          { name: "username", title: t("username") },
          { name: "email", title: t("email"), cell: (user) => user.email ?? "—" },
          {
            name: "name",
            title: t("name"),
            cell: (user) => [user.firstName, user.lastName].filter(Boolean).join(" ") || "—",
          },
          {
            name: "enabled",
            title: t("status"),
            cell: (user) =>
              user.enabled === false ? (
                <Label color="orange" isCompact>
                  {t("disabled")}
                </Label>
              ) : (
                <Label color="green" isCompact>
                  {t("enabled")}
                </Label>
              ),
          },
        ]}
        loadDetail={async (user) => {
          const groups = await userGroupNames(client, realm, user.id!);
          return groups.length ? <ChipGroupList values={groups} aria-label={t("groups")} /> : t("catalogueNoGroups");
        }}
        rowActions={[
          { title: t("catalogueShowJson"), onAction: (user) => setShown(user) },
          { title: t("delete"), isDanger: true, onAction: (user, refresh) => removeUser(user, refresh) },
        ]}
        toolbarActions={({ selected, refresh }) => (
          <ToolbarItem>
            <Button
              variant="secondary"
              isDisabled={selected.length === 0}
              onClick={async () => {
                try {
                  await Promise.all(selected.map((user) => disableUser(client, realm, user)));
                  addAlert(t("catalogueDisabledUsers", { count: selected.length }));
                  refresh();
                } catch (error) {
                  addError("errorAlert", error);
                }
              }}
            >
              {t("catalogueDisableSelected")}
            </Button>
          </ToolbarItem>
        )}
        emptyState={{
          message: t("catalogueNoUsers"),
          primaryAction: { title: t("createUser"), onClick: () => undefined },
        }}
      />
      {shown && (
        <DownloadDialog
          isOpen
          filename={`${shown.username}.json`}
          content={shown}
          onClose={() => setShown(undefined)}
        />
      )}
      {dialog}
    </>
  );
}
