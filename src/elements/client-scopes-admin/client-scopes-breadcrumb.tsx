import { Link, useLocation, useParams } from "react-router";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { toClientScope, toClientScopes } from "../../features/client-scopes/paths.ts";
import "../../features/client-scopes/messages.ts";

/** Alone on a host page there is no console navigation: below the list, a way back to it (and to the scope from a mapper). */
export function ClientScopesBreadcrumb() {
  const { t } = useMessages();
  const { realm = "", id } = useParams();
  const { pathname } = useLocation();
  if (pathname === toClientScopes(realm)) return null;
  const isMapper = id !== undefined && pathname.includes("/mappers/");
  const current = pathname.endsWith("/new")
    ? t("createClientScope")
    : isMapper
      ? t("mappingDetails")
      : t("clientScopeDetails");
  return (
    <PageSection padding={{ default: "noPadding" }}>
      <Breadcrumb>
        <BreadcrumbItem
          render={({ className }) => (
            <Link className={className} to={toClientScopes(realm)}>
              {t("clientScopes")}
            </Link>
          )}
        />
        {isMapper && (
          <BreadcrumbItem
            render={({ className }) => (
              <Link className={className} to={toClientScope(realm, id, "mappers")}>
                {t("clientScopeDetails")}
              </Link>
            )}
          />
        )}
        <BreadcrumbItem isActive>{current}</BreadcrumbItem>
      </Breadcrumb>
    </PageSection>
  );
}
