import { Link } from "react-router";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { toGroups } from "./routes.ts";
import "./messages.ts";

/** Groups › top › … › current, each a link except the current group. */
export function GroupPathBreadcrumbs({
  pathIds,
  groups,
}: {
  pathIds: string[];
  groups: (GroupRepresentation | null | undefined)[];
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  return (
    <Breadcrumb aria-label={t("groupBreadcrumbs")}>
      <BreadcrumbItem
        render={({ className }) => (
          <Link className={className} to={toGroups(realm)}>
            {t("groups")}
          </Link>
        )}
      />
      {pathIds.map((id, index) => {
        const name = groups[index]?.name ?? "…";
        const isCurrent = index === pathIds.length - 1;
        return isCurrent ? (
          <BreadcrumbItem key={id} isActive>
            {name}
          </BreadcrumbItem>
        ) : (
          <BreadcrumbItem
            key={id}
            render={({ className }) => (
              <Link className={className} to={toGroups(realm, pathIds.slice(0, index + 1))}>
                {name}
              </Link>
            )}
          />
        );
      })}
    </Breadcrumb>
  );
}
