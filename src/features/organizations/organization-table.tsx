import { Link } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { ChipGroupList, DataTable, type DataTableProps, type TableColumn } from "../../core/ui/table/index.ts";
import { domainNames } from "./domain-names.ts";
import type { Organization } from "./organization-queries.ts";
import "./messages.ts";

/** Spec §9: two domain chips, then an overflow chip. */
export const DOMAIN_CHIPS_SHOWN = 2;

export type OrganizationRow = Organization & { membershipType?: string };

export interface OrganizationTableProps extends Omit<
  DataTableProps<OrganizationRow>,
  "columns" | "rowKey" | "ariaLabel"
> {
  /** Where a row's name links to; plain text without it. */
  linkTo?: (organization: OrganizationRow) => string;
  /** Lists of a user's organizations carry each membership's type. */
  showMembershipType?: boolean;
  ariaLabel?: string;
}

/**
 * The organizations table of spec §3: name (with a 'disabled' badge), domains as chips (two shown),
 * description, and membership type where the rows have one. Reusable for a user's organizations.
 */
export function OrganizationTable({ linkTo, showMembershipType, ariaLabel, ...tableProps }: OrganizationTableProps) {
  const { t } = useMessages();
  const columns: TableColumn<OrganizationRow>[] = [
    {
      name: "name",
      title: t("name"),
      width: 30,
      cell: (organization) => (
        <>
          {linkTo ? (
            <Button
              variant="link"
              isInline
              component={(props: object) => <Link {...props} to={linkTo(organization)} />}
            >
              {organization.name}
            </Button>
          ) : (
            organization.name
          )}
          {organization.enabled === false && (
            <Label color="grey" isCompact className="pf-v6-u-ml-sm">
              {t("disabled")}
            </Label>
          )}
        </>
      ),
    },
    {
      name: "domains",
      title: t("domains"),
      cell: (organization) => (
        <ChipGroupList
          values={domainNames(organization.domains)}
          limit={DOMAIN_CHIPS_SHOWN}
          aria-label={`${t("domains")} ${organization.name}`}
        />
      ),
    },
    { name: "description", title: t("description"), cell: (organization) => organization.description ?? "" },
  ];
  if (showMembershipType)
    columns.push({
      name: "membershipType",
      title: t("membershipType"),
      cell: (organization) => membershipTypeText(organization.membershipType, t),
    });
  return (
    <DataTable
      {...tableProps}
      ariaLabel={ariaLabel ?? t("organizations")}
      columns={columns}
      rowKey={(organization) => organization.id ?? organization.name ?? ""}
    />
  );
}

/** MANAGED / UNMANAGED as words; anything else as the server gave it. */
export function membershipTypeText(type: string | undefined, t: (key: string) => string): string {
  if (type === "MANAGED") return t("MANAGED");
  if (type === "UNMANAGED") return t("UNMANAGED");
  return type ?? "";
}
