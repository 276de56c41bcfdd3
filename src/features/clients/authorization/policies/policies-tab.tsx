import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { SingleSelect } from "../../../../core/ui/overlays/single-select.tsx";
import { DataTable, type TableRowAction } from "../../../../core/ui/table/index.ts";
import { toNewPolicy, toPolicyDetails } from "../../paths.ts";
import { fetchPoliciesPage, type Policy } from "../../../../core/ui/authorization/authorization-queries.ts";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import { POLICY_TYPES, READ_ONLY_POLICY_TYPES, policyTypeKey } from "../../../../core/ui/authorization/policy-types.ts";
import { useDeletePolicy } from "../../../../core/ui/authorization/use-delete-policy.tsx";
import "../authorization-messages.ts";

/** Policies, paged and searched on the server, filtered by type; create by type; delete names what depends on it. */
export function PoliciesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const canManage = useCanManageAuthorization();
  const { remove, dialog } = useDeletePolicy(clientUuid);
  const [type, setType] = useState("");
  const typeChoices = [...POLICY_TYPES, ...READ_ONLY_POLICY_TYPES].map((value) => ({
    value,
    label: t(policyTypeKey(value)),
  }));
  const creator = canManage && (
    <SingleSelect
      aria-label={t("createNewPolicy")}
      placeholder={t("createNewPolicy")}
      options={POLICY_TYPES.map((value) => ({ value, label: t(policyTypeKey(value)) }))}
      onChange={(value) => navigate(toNewPolicy(realm, clientUuid, value))}
    />
  );
  const rowActions: TableRowAction<Policy>[] | undefined = canManage
    ? [
        {
          title: t("delete"),
          isDanger: true,
          onAction: async (policy, refresh) => {
            if (await remove(policy)) refresh();
          },
        },
      ]
    : undefined;
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
          {creator && <ToolbarItem>{creator}</ToolbarItem>}
        </ToolbarContent>
      </Toolbar>
      <DataTable<Policy>
        tableId="authz-policies"
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
            cell: (policy) => (
              <Link
                className="pf-v6-c-button pf-m-link pf-m-inline"
                to={toPolicyDetails(realm, clientUuid, policy.id ?? "", policy.type ?? "")}
              >
                {policy.name}
              </Link>
            ),
          },
          { name: "type", title: t("type"), cell: (policy) => t(policyTypeKey(policy.type ?? "")) },
          { name: "description", title: t("description"), cell: (policy) => policy.description ?? "" },
        ]}
        rowActions={rowActions}
        emptyState={{ title: t("emptyPolicies"), message: t("authzNoPoliciesText") }}
      />
      {dialog}
    </>
  );
}
