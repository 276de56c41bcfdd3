import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/use-confirm.tsx";
import { DataTable, type TableColumn, type TableLoader, type TableRowAction } from "../../../core/ui/table/index.ts";
import { toNewPermission, type PermissionType } from "../paths.ts";
import { useCanManageAuthorization } from "./client-authorization-tab.tsx";
import "./authorization-messages.ts";

/** What differs between the resources and the scopes tab; the rest of such a tab is `AuthorizationItemsTab`. */
export interface AuthorizationItemsTabProps<T> {
  clientUuid: string;
  tableId: string;
  ariaLabel: string;
  loader: TableLoader<T>;
  columns: TableColumn<T>[];
  searchPlaceholder: string;
  loadDetail: (item: T) => Promise<ReactNode>;
  idOf: (item: T) => string;
  /** The kind of permission "Create permission" on a row starts, with the row's item chosen. */
  permissionType: PermissionType;
  /** Where "Create …" leads, with its label. */
  create: { to: string; label: string };
  empty: { title: string; message: string };
  remove: {
    title: string;
    /** Text of the confirmation above the dependents it names. */
    intro?: string;
    /** The permissions that use the item, named in the confirmation. */
    dependents: (id: string) => Promise<{ name?: string }[]>;
    run: (id: string) => Promise<unknown>;
    done: string;
  };
}

/**
 * A server-paged, searchable list of a resource server's items whose rows expand to their details, with
 * "Create permission" and a delete that names the permissions using the item first.
 */
export function AuthorizationItemsTab<T>(props: AuthorizationItemsTabProps<T>) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useCanManageAuthorization();
  const { idOf, remove } = props;
  const create = () => navigate(props.create.to);

  const removeItem = async (item: T, refresh: () => void) => {
    const dependents = await remove.dependents(idOf(item));
    const names = dependents.length
      ? t("authzDependentsList", { names: dependents.map((p) => p.name).join(", ") })
      : t("authzNoDependents");
    const confirmed = await confirm({
      title: remove.title,
      children: remove.intro ? (
        <>
          <p>{remove.intro}</p>
          <p>{names}</p>
        </>
      ) : (
        names
      ),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await remove.run(idOf(item));
      addAlert(remove.done);
      refresh();
    } catch (error) {
      addError("authzDeleteError", error);
    }
  };
  const rowActions: TableRowAction<T>[] | undefined = canManage
    ? [
        {
          title: t("createPermission"),
          onAction: (item) => navigate(toNewPermission(realm, props.clientUuid, props.permissionType, idOf(item))),
        },
        { title: t("delete"), isDanger: true, onAction: removeItem },
      ]
    : undefined;

  return (
    <>
      <DataTable<T>
        tableId={props.tableId}
        ariaLabel={props.ariaLabel}
        loader={props.loader}
        rowKey={idOf}
        isSearchable
        searchPlaceholder={props.searchPlaceholder}
        loadDetail={props.loadDetail}
        columns={props.columns}
        rowActions={rowActions}
        emptyState={{
          title: props.empty.title,
          message: props.empty.message,
          primaryAction: canManage ? { title: props.create.label, onClick: create } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={create}>{props.create.label}</Button>
            </ToolbarItem>
          )
        }
      />
      {dialog}
    </>
  );
}
