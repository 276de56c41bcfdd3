import { useParams } from "react-router";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { GroupDetail } from "./group-detail.tsx";
import { GroupHeader } from "./group-header.tsx";
import { GroupPathBreadcrumbs } from "./group-path-breadcrumbs.tsx";
import { GroupTable } from "./group-table.tsx";
import { useGroupPath } from "./use-group-path.ts";
import "./messages.ts";

/** `/groups`: the top level; `/groups/{id}/{id}/…`: the last group of the chain, with its ancestors as breadcrumbs. */
export default function GroupsPage() {
  const { t } = useMessages();
  const { "*": splat = "" } = useParams();
  const pathIds = splat.split("/").filter(Boolean);
  const path = useGroupPath(pathIds);
  const group = path.groups.at(-1);

  if (pathIds.length === 0) {
    return (
      <>
        <PageSection>
          <Title headingLevel="h1">{t("groups")}</Title>
          <Content component="p">{t("groupsDescription")}</Content>
        </PageSection>
        <PageSection>
          <GroupTable parentIds={[]} />
        </PageSection>
      </>
    );
  }
  return (
    <>
      <PageSection>
        <GroupPathBreadcrumbs pathIds={pathIds} groups={path.groups} />
        {group ? (
          <GroupHeader group={group} pathIds={pathIds} />
        ) : (
          <Title headingLevel="h1">{path.isPending ? "…" : t("groups")}</Title>
        )}
      </PageSection>
      <PageSection>
        {path.isPending ? (
          <LoadingSpinner />
        ) : path.error ? (
          <Alert variant="danger" isInline title={errorMessage(path.error)} />
        ) : !group ? (
          <Alert variant="warning" isInline title={t("groupNotFound")} />
        ) : (
          <GroupDetail key={group.id} group={group} pathIds={pathIds} />
        )}
      </PageSection>
    </>
  );
}
