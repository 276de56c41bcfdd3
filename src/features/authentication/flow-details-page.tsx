import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader, type ViewHeaderAction } from "../../core/ui/page/index.ts";
import { FlowSteps } from "./flow-steps.tsx";
import { fetchFlow, fetchRealmForAuthentication, flowKey, policiesRealmKey, type Flow } from "./queries.ts";
import { bindingsOf } from "./flow-usage.tsx";
import { useFlowActions } from "./use-flow-actions.tsx";
import "./messages.ts";

/** `/:realm/authentication/:id/:usedBy(/:builtIn)`: a flow's steps, its name and description, and its binding. */
export default function FlowDetailsPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { id = "" } = useParams();
  const query = useQuery({ queryKey: flowKey(realm, id), queryFn: () => fetchFlow(adminClient, realm, id) });
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data) {
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={
            query.error ? t("authnFlowLoadFailed", { message: errorMessage(query.error) }) : t("authnFlowNotFound")
          }
        />
      </PageSection>
    );
  }
  return <FlowDetails flow={query.data} />;
}

function FlowDetails({ flow }: { flow: Flow }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const canManage = useAccess().hasAccess("manage-realm");
  const realmQuery = useQuery({
    queryKey: policiesRealmKey(realm),
    queryFn: () => fetchRealmForAuthentication(adminClient, realm),
  });
  const actions = useFlowActions(() => void realmQuery.refetch());
  const ref = { id: flow.id!, alias: flow.alias!, description: flow.description, providerId: flow.providerId };
  const bindings = bindingsOf(realmQuery.data, flow.alias ?? "");
  const headerActions: ViewHeaderAction[] = canManage
    ? [
        { title: t("duplicate"), onClick: () => actions.duplicate(ref) },
        { title: t("bindFlow"), onClick: () => actions.bind(ref) },
        ...(flow.builtIn
          ? []
          : [
              { title: t("editInfo"), onClick: () => actions.editInfo(flow) },
              {
                title: t("delete"),
                isDanger: true,
                isDisabled: bindings.length > 0,
                onClick: () => void actions.remove(ref),
              },
            ]),
      ]
    : [];
  return (
    <>
      <ViewHeader
        title={flow.alias ?? ""}
        subtitle={flow.description || undefined}
        badges={[
          ...(flow.builtIn ? [{ text: t("buildIn"), color: "grey" as const }] : []),
          ...bindings.map((binding) => ({ text: t(`authnBindingLabel_${binding}`), color: "green" as const })),
        ]}
        actions={headerActions}
      />
      <PageSection>
        <FlowSteps
          flow={flow}
          isReadOnly={Boolean(flow.builtIn) || !canManage}
          onDuplicate={() => actions.duplicate(ref)}
        />
      </PageSection>
      {actions.dialogs}
    </>
  );
}
