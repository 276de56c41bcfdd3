import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { SingleSelect } from "../overlays/single-select.tsx";
import { DataTable, type TableRowAction } from "../table/index.ts";
import { fetchPoliciesPage, type Policy } from "./authorization-queries.ts";
import { policyTypeKey } from "./policy-types.ts";
import { useDeletePolicy } from "./use-delete-policy.tsx";
import "./policy-messages.ts";

export interface PoliciesListProps {
  /** The resource server's client (its id). */
  clientUuid: string;
  tableId: string;
  /** The types the type filter offers. */
  filterTypes: readonly string[];
  /** The types a new policy can have, with the chooser's label; none: no chooser (read-only). */
  create?: { types: readonly string[]; label: string; to: (type: string) => string };
  /** A policy's details page. */
  detailsPath: (policy: Policy) => string;
  /** Row actions: an Edit leading to the details page, Delete (warning with the dependent policies). */
  actions: { edit: boolean; remove: boolean };
  emptyMessage: string;
}

/**
 * A resource server's policies (no permissions), paged and searched on the server and filtered by type; create by
 * type; delete names what depends on it. The client authorization and the admin permissions Policies tabs.
 */
export function PoliciesList({
  clientUuid,
  tableId,
  filterTypes,
  create,
  detailsPath,
  actions,
  emptyMessage,
}: PoliciesListProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const [type, setType] = useState("");
  const { remove, dialog } = useDeletePolicy(clientUuid);
  const typeChoices = filterTypes.map((value) => ({ value, label: t(policyTypeKey(value)) }));
  const rowActions: TableRowAction<Policy>[] = [
    ...(actions.edit ? [{ title: t("edit"), onAction: (policy: Policy) => navigate(detailsPath(policy)) }] : []),
    ...(actions.remove
      ? [
          {
            title: t("delete"),
            isDanger: true,
            onAction: async (policy: Policy, refresh: () => void) => {
              if (await remove(policy)) refresh();
            },
          },
        ]
      : []),
  ];
  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <SingleSelect
              aria-label={`${t("policyType")}: ${typeChoices.find((c) => c.value === type)?.label ?? t("allTypes")}`}
              placeholder={t("allTypes")}
              value={type}
              options={[{ value: "", label: t("allTypes") }, ...typeChoices]}
              onChange={setType}
            />
          </ToolbarItem>
          {create && (
            <ToolbarItem>
              <SingleSelect
                aria-label={create.label}
                placeholder={create.label}
                options={create.types.map((value) => ({ value, label: t(policyTypeKey(value)) }))}
                onChange={(value) => navigate(create.to(value))}
              />
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      <DataTable<Policy>
        tableId={tableId}
        ariaLabel={t("policies")}
        refreshKey={type}
        loader={(first, max, search) =>
          fetchPoliciesPage(adminClient, realm, clientUuid, first, max, search, type || undefined)
        }
        rowKey={(policy) => policy.id ?? ""}
        isSearchable
        searchPlaceholder={t("searchByName")}
        columns={[
          {
            name: "name",
            title: t("name"),
            width: 30,
            cell: (policy) => (
              <Link className="pf-v6-c-button pf-m-link pf-m-inline" to={detailsPath(policy)}>
                {policy.name}
              </Link>
            ),
          },
          { name: "type", title: t("type"), cell: (policy) => t(policyTypeKey(policy.type ?? "")) },
          { name: "description", title: t("description"), cell: (policy) => policy.description ?? "" },
        ]}
        rowActions={rowActions.length ? rowActions : undefined}
        emptyState={{ title: t("emptyPolicies"), message: emptyMessage }}
      />
      {dialog}
    </>
  );
}
