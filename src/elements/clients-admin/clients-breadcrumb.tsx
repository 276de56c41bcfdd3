import { Link, useLocation, useParams } from "react-router";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { toClients } from "../../features/clients/paths.ts";
import "../../features/clients/messages.ts";

/** Alone on a host page there is no console navigation: below the list, a way back to it. */
export function ClientsBreadcrumb() {
  const { t } = useMessages();
  const { realm = "" } = useParams();
  const { pathname } = useLocation();
  if (pathname === toClients(realm) || pathname.startsWith(`${toClients(realm)}/list`)) return null;
  return (
    <PageSection padding={{ default: "noPadding" }}>
      <Breadcrumb>
        <BreadcrumbItem
          render={({ className }) => (
            <Link className={className} to={toClients(realm)}>
              {t("clients")}
            </Link>
          )}
        />
        <BreadcrumbItem isActive>
          {pathname.endsWith("/add-client") ? t("createClient") : t("clientSettings")}
        </BreadcrumbItem>
      </Breadcrumb>
    </PageSection>
  );
}
