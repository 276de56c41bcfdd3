import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/use-confirm.tsx";
import { GroupPickerDialog } from "../../core/ui/pickers/group-picker-dialog.tsx";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { groupMay, mayManageAllGroups } from "./group-access.ts";
import { GroupLink } from "./group-link.tsx";
import { GroupNameDialog } from "./group-name-dialog.tsx";
import { fetchGroupLevel, searchGroups, type GroupRow } from "./queries.ts";
import { toGroups } from "./routes.ts";
import { useGroupActions } from "./use-group-actions.ts";
import "./messages.ts";

type Dialog = { kind: "create" } | { kind: "rename"; row: GroupRow } | { kind: "move"; row: GroupRow };

const pathOf = (row: GroupRow) => row.group.path ?? `/${row.pathNames.join("/")}`;

/**
 * The groups of one level (the top level, or a group's children), server paged, with search
 * (across the whole hierarchy at the top level), create, rename, move, duplicate and delete.
 */
export function GroupTable({ parentIds, parent }: { parentIds: string[]; parent?: GroupRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const access = useAccess();
  // Bulk deletes need manage on every group; a child group is created under a parent the admin may manage.
  const canManage = mayManageAllGroups(access);
  const canCreate = parent ? groupMay(access, parent, "manage") : canManage;
  const mayManage = (row: GroupRow) => groupMay(access, row.group, "manage");
  // Opening a group reads it by id: view on that group (view-users, or admin permissions v2).
  const canOpen = (row: GroupRow) => groupMay(access, row.group, "view");
  const [refreshKey, setRefreshKey] = useState(0);
  const [dialog, setDialog] = useState<Dialog>();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const actions = useGroupActions(() => setRefreshKey((key) => key + 1));
  const parentId = parentIds.at(-1);
  const isTopLevel = parentIds.length === 0;

  const loader = (first: number, max: number, search: string) =>
    isTopLevel && search
      ? searchGroups(adminClient, realm, search, first, max)
      : fetchGroupLevel(adminClient, realm, parentIds, first, max, search);

  const askDelete = async (rows: GroupRow[]) => {
    const confirmed = await confirm({
      title: t("deleteConfirmTitle", { count: rows.length }),
      children: t("deleteGroupBody"),
      variant: "destructive",
    });
    if (confirmed) await actions.remove(rows.map((row) => row.group.id ?? "")).catch(() => undefined);
  };

  const columns: TableColumn<GroupRow>[] = [
    {
      name: "name",
      title: t("name"),
      cell: (row) =>
        canOpen(row) ? <GroupLink to={toGroups(realm, row.pathIds)}>{row.group.name}</GroupLink> : row.group.name,
    },
    ...(isTopLevel ? [{ name: "path", title: t("path"), cell: pathOf }] : []),
    { name: "description", title: t("description"), cell: (row) => row.group.description ?? "" },
    { name: "subGroupCount", title: t("groupSubGroupCount"), cell: (row) => String(row.group.subGroupCount ?? 0) },
  ];
  const rowActions: TableRowAction<GroupRow>[] = [
    { title: t("rename"), onAction: (row) => setDialog({ kind: "rename", row }), isHidden: (row) => !mayManage(row) },
    { title: t("moveTo"), onAction: (row) => setDialog({ kind: "move", row }), isHidden: (row) => !mayManage(row) },
    {
      title: t("moveToTopLevel"),
      isDisabled: (row) => row.pathIds.length <= 1,
      onAction: (row) => void actions.move(row.group, undefined).catch(() => undefined),
      isHidden: (row) => !mayManage(row) || !canManage,
    },
    {
      title: t("duplicate"),
      onAction: (row) => void actions.duplicate(row.group, row.pathIds.at(-2)).catch(() => undefined),
      isHidden: (row) => !mayManage(row) || !(row.pathIds.length <= 1 ? canManage : canCreate),
    },
    {
      title: t("delete"),
      isDanger: true,
      onAction: (row) => void askDelete([row]),
      isHidden: (row) => !mayManage(row),
    },
  ];
  const createLabel = isTopLevel ? t("createGroup") : t("createChildGroup");

  return (
    <>
      <DataTable<GroupRow>
        key={parentIds.join("/")}
        tableId="groups"
        ariaLabel={t("groups")}
        loader={loader}
        columns={columns}
        rowKey={(row) => row.pathIds.join("/")}
        rowActions={rowActions}
        canSelect={canManage}
        isSearchable
        searchPlaceholder={t("searchGroups")}
        refreshKey={refreshKey}
        emptyState={{
          title: isTopLevel ? t("noGroupsInThisRealm") : t("noGroupsInThisSubGroup"),
          message: isTopLevel ? t("noGroupsInThisRealmInstructions") : t("noGroupsInThisSubGroupInstructions"),
          primaryAction: canCreate ? { title: createLabel, onClick: () => setDialog({ kind: "create" }) } : undefined,
        }}
        toolbarActions={({ selected }) => (
          <>
            {canCreate && (
              <ToolbarItem>
                <Button onClick={() => setDialog({ kind: "create" })}>{createLabel}</Button>
              </ToolbarItem>
            )}
            {canManage && (
              <ToolbarItem>
                <Button
                  variant="secondary"
                  isDanger
                  isDisabled={selected.length === 0}
                  onClick={() => void askDelete(selected)}
                >
                  {t("delete")}
                </Button>
              </ToolbarItem>
            )}
          </>
        )}
      />
      {dialog?.kind === "create" && (
        <GroupNameDialog
          title={createLabel}
          submitLabel={t("create")}
          onSubmit={(values) => actions.create(parentId, values).then(() => undefined)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === "rename" && (
        <GroupNameDialog
          title={t("renameGroup")}
          submitLabel={t("save")}
          defaultValues={{ name: dialog.row.group.name ?? "", description: dialog.row.group.description ?? "" }}
          onSubmit={(values) => actions.rename(dialog.row.group.id ?? "", values)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === "move" && (
        <GroupPickerDialog
          title={t("moveGroupTitle", { name: dialog.row.group.name })}
          realm={realm}
          disabledIds={[dialog.row.group.id ?? "", dialog.row.pathIds.at(-2) ?? ""]}
          onSelect={([destination]) => {
            setDialog(undefined);
            if (destination) void actions.move(dialog.row.group, destination.id).catch(() => undefined);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {confirmDialog}
    </>
  );
}
