import { Breadcrumb, BreadcrumbItem } from "@patternfly/react-core/dist/esm/components/Breadcrumb/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../i18n/use-messages.ts";

/** Where the picker is in the tree; every ancestor is a way back. */
export function GroupBreadcrumbs({
  trail,
  onNavigate,
}: {
  trail: { id: string; name: string }[];
  onNavigate(depth: number): void;
}) {
  const { t } = useMessages();
  const crumbs = [{ id: "", name: t("groups") }, ...trail];
  return (
    <Breadcrumb aria-label={t("pickerBreadcrumbs")}>
      {crumbs.map((crumb, depth) => (
        <BreadcrumbItem key={crumb.id || "root"} isActive={depth === crumbs.length - 1}>
          {depth === crumbs.length - 1 ? (
            crumb.name
          ) : (
            <Button variant="link" isInline onClick={() => onNavigate(depth)}>
              {crumb.name}
            </Button>
          )}
        </BreadcrumbItem>
      ))}
    </Breadcrumb>
  );
}
