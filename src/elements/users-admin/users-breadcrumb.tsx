import { Link, useLocation, useParams } from "react-router";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { toUsers } from "../../features/users/paths.ts";
import "../../features/users/messages.ts";

/** Alone on a host page there is no console navigation: below the list, a way back to it. */
export function UsersBreadcrumb() {
  const { t } = useMessages();
  const { realm = "" } = useParams();
  const { pathname } = useLocation();
  if (pathname === toUsers(realm)) return null;
  return (
    <PageSection padding={{ default: "noPadding" }}>
      <Breadcrumb>
        <BreadcrumbItem
          render={({ className }) => (
            <Link className={className} to={toUsers(realm)}>
              {t("users")}
            </Link>
          )}
        />
        <BreadcrumbItem isActive>{pathname.endsWith("/add-user") ? t("createUser") : t("userDetails")}</BreadcrumbItem>
      </Breadcrumb>
    </PageSection>
  );
}
