import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { useAccess } from "../../core/access/access-context.tsx";
import { AssociatedRolesTable } from "../../core/ui/role-composites/index.ts";
import { useRoleEvents } from "./role-events.tsx";
import { defaultRoleKey, fetchDefaultRole } from "./queries.ts";
import "./messages.ts";

/** `/roles/default-roles`: the roles of `default-roles-{realm}`, which every new user gets. */
export default function DefaultRolesPage() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const canManage = useAccess().hasAccess("manage-realm");
  const emit = useRoleEvents();
  const defaultRole = useQuery({
    queryKey: defaultRoleKey(realm),
    queryFn: () => fetchDefaultRole(adminClient, realm),
  });
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("defaultRoles")}</Title>
        <Content component="p">{t("defaultRolesIntro")}</Content>
      </PageSection>
      <PageSection>
        {defaultRole.isPending ? (
          <LoadingSpinner />
        ) : defaultRole.error ? (
          <Alert variant="danger" isInline title={errorMessage(defaultRole.error)} />
        ) : (
          <AssociatedRolesTable
            roleId={defaultRole.data.id ?? ""}
            roleName={defaultRole.data.name ?? ""}
            canManage={canManage}
            onChanged={(roleId) => emit("role-updated", { id: roleId })}
            isDefaultRoles
          />
        )}
      </PageSection>
    </>
  );
}
