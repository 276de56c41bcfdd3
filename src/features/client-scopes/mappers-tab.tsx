import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
} from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/index.ts";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { addMappers, clientScopeKeys, deleteMapper, fetchMappers } from "./client-scope-queries.ts";
import { MapperTypeDialog } from "./mapper-type-dialog.tsx";
import { toClientScopeMapper } from "./paths.ts";
import { PredefinedMappersDialog } from "./predefined-mappers-dialog.tsx";
import "./messages.ts";

type OpenDialog = "none" | "types" | "predefined";

/** The mappers tab: the scope's protocol mappers, add by configuration or from the predefined ones, delete. */
export function MappersTab({ scope, canManage }: { scope: ClientScopeRepresentation; canManage: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const { confirm, dialog } = useConfirm();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [open, setOpen] = useState<OpenDialog>("none");
  const id = scope.id!;
  const protocol = scope.protocol ?? "openid-connect";
  const mappersKey = [...clientScopeKeys.one(realm, id), "mappers"];
  const mappers = useQuery({ queryKey: mappersKey, queryFn: () => fetchMappers(adminClient, realm, id) });
  const types = serverInfo.protocolMapperTypes?.[protocol] ?? [];
  const typeById = new Map(types.map((type) => [type.id ?? "", type]));
  const typeNames = new Map(types.map((type) => [type.id ?? "", type.name ?? type.id ?? ""]));
  const present = new Set((mappers.data ?? []).map((mapper) => mapper.name));
  const predefined = ((serverInfo.builtinProtocolMappers?.[protocol] ?? []) as ProtocolMapperRepresentation[]).filter(
    (mapper) => !present.has(mapper.name),
  );

  const reload = () => queryClient.invalidateQueries({ queryKey: mappersKey });

  const addPredefined = async (chosen: ProtocolMapperRepresentation[]) => {
    try {
      await addMappers(adminClient, realm, id, chosen);
      alerts.addAlert(t("mappingCreatedSuccess"));
      setOpen("none");
    } catch (error) {
      alerts.addError("mappingCreatedError", error);
    }
    await reload();
  };

  const remove = async (mapper: ProtocolMapperRepresentation) => {
    const confirmed = await confirm({
      title: t("deleteMappingTitle"),
      children: t("deleteMappingConfirm"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteMapper(adminClient, realm, id, mapper.id!);
      alerts.addAlert(t("mappingDeletedSuccess"));
    } catch (error) {
      alerts.addError("mappingDeletedError", error);
    }
    await reload();
  };

  const dialogs = (
    <>
      {open === "types" && (
        <MapperTypeDialog
          types={types}
          onClose={() => setOpen("none")}
          onChoose={(type) => navigate(toClientScopeMapper(realm, id, type.id!, "add"))}
        />
      )}
      {open === "predefined" && (
        <PredefinedMappersDialog
          mappers={predefined}
          typeNames={typeNames}
          onAdd={addPredefined}
          onClose={() => setOpen("none")}
        />
      )}
      {dialog}
    </>
  );

  if (mappers.isPending) return <LoadingSpinner />;
  const list = [...(mappers.data ?? [])].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));

  if (list.length === 0 && !mappers.error) {
    return (
      <>
        <EmptyState titleText={t("emptyMappers")} headingLevel="h2">
          <EmptyStateBody>{t("emptyMappersInstructions")}</EmptyStateBody>
          {canManage && (
            <EmptyStateFooter>
              <EmptyStateActions>
                <Button variant="primary" onClick={() => setOpen("predefined")}>
                  {t("emptyPrimaryAction")}
                </Button>
              </EmptyStateActions>
              <EmptyStateActions>
                <Button variant="link" onClick={() => setOpen("types")}>
                  {t("emptySecondaryAction")}
                </Button>
              </EmptyStateActions>
            </EmptyStateFooter>
          )}
        </EmptyState>
        {dialogs}
      </>
    );
  }

  const columns: TableColumn<ProtocolMapperRepresentation>[] = [
    {
      name: "name",
      title: t("name"),
      cell: (mapper) => <Link to={toClientScopeMapper(realm, id, mapper.id!)}>{mapper.name}</Link>,
    },
    {
      name: "category",
      title: t("category"),
      cell: (mapper) => typeById.get(mapper.protocolMapper ?? "")?.category ?? "",
    },
    {
      name: "type",
      title: t("type"),
      cell: (mapper) => typeNames.get(mapper.protocolMapper ?? "") ?? mapper.protocolMapper ?? "",
    },
    {
      name: "priority",
      title: t("priority"),
      cell: (mapper) => String(typeById.get(mapper.protocolMapper ?? "")?.priority ?? ""),
    },
  ];

  const needle = (search: string) => search.trim().toLowerCase();
  const matching = (search: string) =>
    list.filter((mapper) => (mapper.name ?? "").toLowerCase().includes(needle(search)));

  return (
    <>
      <DataTable<ProtocolMapperRepresentation>
        tableId="client-scope-mappers"
        ariaLabel={t("mapperTable", { name: scope.name })}
        columns={columns}
        rowKey={(mapper) => mapper.id!}
        refreshKey={mappers.dataUpdatedAt}
        // A scope's mappers come in one answer; the table pages that list.
        loader={async (first, max, search) => matching(search).slice(first, first + max)}
        countLoader={async (search) => matching(search).length}
        searchPlaceholder={t("searchForMapper")}
        rowActions={
          canManage ? [{ title: t("delete"), onAction: (mapper) => remove(mapper), isDanger: true }] : undefined
        }
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Dropdown
                isOpen={isMenuOpen}
                onOpenChange={setMenuOpen}
                onSelect={() => setMenuOpen(false)}
                toggle={(ref) => (
                  <MenuToggle
                    ref={ref}
                    variant="primary"
                    isExpanded={isMenuOpen}
                    onClick={() => setMenuOpen(!isMenuOpen)}
                  >
                    {t("addMapper")}
                  </MenuToggle>
                )}
              >
                <DropdownList>
                  <DropdownItem onClick={() => setOpen("predefined")}>{t("fromPredefinedMapper")}</DropdownItem>
                  <DropdownItem onClick={() => setOpen("types")}>{t("byConfiguration")}</DropdownItem>
                </DropdownList>
              </Dropdown>
            </ToolbarItem>
          )
        }
      />
      {dialogs}
    </>
  );
}
