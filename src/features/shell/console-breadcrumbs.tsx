import { Link, useLocation } from "react-router";
import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { PageBreadcrumb } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";

/** Path segments below the realm as crumbs; shown only past one level. */
export function ConsoleBreadcrumbs() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const { pathname } = useLocation();
  const segments = pathname.split("/").filter(Boolean).slice(1).map(decodeURIComponent);
  if (segments.length < 2) return null;
  return (
    <PageBreadcrumb>
      <Breadcrumb aria-label={t("breadcrumbs")}>
        {segments.map((segment, index) => {
          const to = `/${realm}/${segments.slice(0, index + 1).join("/")}`;
          const last = index === segments.length - 1;
          return (
            <BreadcrumbItem key={to} isActive={last}>
              {last ? t(segment, { defaultValue: segment }) : <Link to={to}>{t(segment, { defaultValue: segment })}</Link>}
            </BreadcrumbItem>
          );
        })}
      </Breadcrumb>
    </PageBreadcrumb>
  );
}
