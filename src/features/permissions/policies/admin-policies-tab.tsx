import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { fetchPoliciesPage, type Policy } from "../../../core/ui/authorization/authorization-queries.ts";
import { policyTypeKey } from "../../../core/ui/authorization/policy-types.ts";
import { useDeletePolicy } from "../../../core/ui/authorization/use-delete-policy.tsx";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { DataTable, type TableRowAction } from "../../../core/ui/table/index.ts";
import { toAdminPolicy, toNewAdminPolicy } from "../paths.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import { ADMIN_POLICY_TYPES } from "./admin-policy-types.ts";
import "../messages.ts";

/** The admin-permissions client's policies, paged and searched on the server, filtered by type; create by type. */
export function AdminPoliciesTab({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { remove, dialog } = useDeletePolicy(context.clientId);
  const [type, setType] = useState("");
  const typeChoices = ADMIN_POLICY_TYPES.map((value) => ({ value, label: t(policyTypeKey(value)) }));
  const rowActions: TableRowAction<Policy>[] = [
    { title: t("edit"), onAction: (policy) => navigate(toAdminPolicy(realm, policy.id ?? "", policy.type ?? "")) },
    {
      title: t("delete"),
      isDanger: true,
      onAction: async (policy, refresh) => {
        if (await remove(policy)) refresh();
      },
    },
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
          <ToolbarItem>
            <SingleSelect
              aria-label={t("createPermissionPolicy")}
              placeholder={t("createPermissionPolicy")}
              options={typeChoices}
              onChange={(value) => navigate(toNewAdminPolicy(realm, value))}
            />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <DataTable<Policy>
        tableId="admin-policies"
        ariaLabel={t("policies")}
        refreshKey={type}
        loader={(first, max, search) =>
          fetchPoliciesPage(adminClient, realm, context.clientId, first, max, search, type || undefined)
        }
        rowKey={(policy) => policy.id ?? ""}
        searchPlaceholder={t("searchByName")}
        columns={[
          {
            name: "name",
            title: t("name"),
            width: 30,
            cell: (policy) => (
              <Button
                variant="link"
                isInline
                component={(props: object) => (
                  <Link {...props} to={toAdminPolicy(realm, policy.id ?? "", policy.type ?? "")} />
                )}
              >
                {policy.name}
              </Button>
            ),
          },
          { name: "type", title: t("type"), cell: (policy) => t(policyTypeKey(policy.type ?? "")) },
          { name: "description", title: t("description"), cell: (policy) => policy.description ?? "" },
        ]}
        rowActions={rowActions}
        emptyState={{ title: t("emptyPolicies"), message: t("emptyAdminPoliciesInstructions") }}
      />
      {dialog}
    </>
  );
}
