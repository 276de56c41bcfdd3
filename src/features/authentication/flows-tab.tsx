import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { DataTable, type TableRowAction } from "../../core/ui/table/index.ts";
import { FlowUsage } from "./flow-usage.tsx";
import { toCreateFlow, toFlow } from "./paths.ts";
import { fetchFlowOverview, fetchRealmForAuthentication, policiesRealmKey, type FlowOverview } from "./queries.ts";
import { useFlowActions } from "./use-flow-actions.tsx";
import "./messages.ts";

/** The realm's top-level flows with their use, built-in badge and description. */
export function FlowsTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const canManage = useAccess().hasAccess("manage-realm");
  const realmQuery = useQuery({
    queryKey: policiesRealmKey(realm),
    queryFn: () => fetchRealmForAuthentication(adminClient, realm),
  });
  const actions = useFlowActions(() => void realmQuery.refetch());

  const rowActions: TableRowAction<FlowOverview>[] | undefined = canManage
    ? [
        { title: t("duplicate"), onAction: (flow) => actions.duplicate(flow) },
        { title: t("bindFlow"), onAction: (flow) => actions.bind(flow) },
        {
          title: t("delete"),
          isDanger: true,
          // Keycloak fails on deleting the realm's bound flow with a server error: unbind it first. (A built-in
          // flow gets its clear "Can't delete built in flow".)
          isDisabled: (flow) => !flow.builtIn && flow.usedBy?.type === "DEFAULT",
          onAction: (flow, refresh) => actions.remove(flow, refresh),
        },
      ]
    : undefined;

  return (
    <>
      <DataTable<FlowOverview>
        tableId="authentication-flows"
        ariaLabel={t("authnFlowsTable")}
        // Keycloak's flow overview has no paging: the page and the search are cut from its answer.
        loader={async (first, max, search) => {
          const flows = await fetchFlowOverview(adminClient, realm);
          const needle = search.toLowerCase();
          return flows.filter((flow) => flow.alias.toLowerCase().includes(needle)).slice(first, first + max);
        }}
        rowKey={(flow) => flow.id}
        refreshKey={realmQuery.dataUpdatedAt}
        searchPlaceholder={t("searchForFlow")}
        columns={[
          {
            name: "alias",
            title: t("flowName"),
            cell: (flow) => (
              <>
                <Button
                  variant="link"
                  isInline
                  component={(props: object) => (
                    <Link {...props} to={toFlow(realm, flow.id, flow.usedBy?.type, flow.builtIn)} />
                  )}
                >
                  {flow.alias}
                </Button>{" "}
                {flow.builtIn && <Label isCompact>{t("buildIn")}</Label>}
              </>
            ),
          },
          { name: "usedBy", title: t("usedBy"), cell: (flow) => <FlowUsage flow={flow} realm={realmQuery.data} /> },
          { name: "description", title: t("description"), cell: (flow) => flow.description },
        ]}
        rowActions={rowActions}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={() => navigate(toCreateFlow(realm))}>{t("createFlow")}</Button>
            </ToolbarItem>
          )
        }
        emptyState={{
          title: t("authnNoFlows"),
          message: t("authnNoFlowsInstructions"),
          primaryAction: canManage
            ? { title: t("createFlow"), onClick: () => navigate(toCreateFlow(realm)) }
            : undefined,
        }}
      />
      {actions.dialogs}
    </>
  );
}
