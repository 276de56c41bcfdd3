import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
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
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useServerInfo } from "../../runtime/shared-queries.ts";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { useConfirm } from "../dialogs/index.ts";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import { Dropdown, DropdownItem, DropdownList } from "../overlays/index.ts";
import { DataTable, type TableColumn } from "../table/index.ts";
import { MapperTypeDialog } from "./mapper-type-dialog.tsx";
import {
  addMappers,
  deleteMapper,
  listMappers,
  protocolMapperKeys,
  type MapperLinks,
  type MapperOwner,
} from "./mapper-owner.ts";
import { PredefinedMappersDialog } from "./predefined-mappers-dialog.tsx";
import "./protocol-mapper-messages.ts";

type OpenDialog = "none" | "types" | "predefined";

export interface ProtocolMappersTabProps {
  owner: MapperOwner;
  /** The owner's name, for the table's label. */
  ownerName: string;
  /** The owner's protocol (openid-connect when unset). */
  protocol?: string;
  links: MapperLinks;
  canManage: boolean;
  /** A table id of its own, so each owner kind remembers its page size. */
  tableId: string;
}

/** The mappers tab: the owner's protocol mappers, add by configuration or from the predefined ones, delete. */
export function ProtocolMappersTab({
  owner,
  ownerName,
  protocol = "openid-connect",
  links,
  canManage,
  tableId,
}: ProtocolMappersTabProps) {
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
  const mappersKey = protocolMapperKeys.owner(realm, owner);
  const mappers = useQuery({ queryKey: mappersKey, queryFn: () => listMappers(adminClient, realm, owner) });
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
      await addMappers(adminClient, realm, owner, chosen);
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
      await deleteMapper(adminClient, realm, owner, mapper.id!);
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
          onChoose={(type) => navigate(links.toMapper(type.id!, "add"))}
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
      cell: (mapper) => <Link to={links.toMapper(mapper.id!, "edit")}>{mapper.name}</Link>,
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
        tableId={tableId}
        ariaLabel={t("mapperTable", { name: ownerName })}
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
