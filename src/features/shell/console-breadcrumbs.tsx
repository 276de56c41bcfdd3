import { Link, useLocation } from "react-router";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { PageBreadcrumb } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { breadcrumbTrail } from "./breadcrumb-trail.ts";
import { consoleRoutes } from "./console-route-table.ts";

/** The route labels leading to the current screen (Users › User details); shown only past one level. */
export function ConsoleBreadcrumbs() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const { pathname } = useLocation();
  const below = pathname.split("/").filter(Boolean).slice(1).join("/");
  const crumbs = breadcrumbTrail(consoleRoutes, below);
  if (crumbs.length < 2) return null;
  return (
    <PageBreadcrumb>
      <Breadcrumb aria-label={t("breadcrumbs")}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <BreadcrumbItem key={crumb.path} isActive={last}>
              {last ? t(crumb.label) : <Link to={`/${realm}/${crumb.path}`}>{t(crumb.label)}</Link>}
            </BreadcrumbItem>
          );
        })}
      </Breadcrumb>
    </PageBreadcrumb>
  );
}
