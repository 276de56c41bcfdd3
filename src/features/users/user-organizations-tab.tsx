import { useQuery } from "@tanstack/react-query";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { fetchUserOrganizations, linkKeys } from "./link-queries.ts";
import { SimpleList } from "./simple-list.tsx";
import "./messages.ts";

const DOMAINS_SHOWN = 2;

/** The organizations the user is a member of (read-only). */
export function UserOrganizationsTab({ user }: { user: UserRepresentation }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const organizations = useQuery({
    queryKey: linkKeys.organizations(realm, user.id!),
    queryFn: () => fetchUserOrganizations(adminClient, realm, user.id!),
  });
  return (
    <SimpleList
      query={organizations}
      ariaLabel={t("organizations")}
      rowKey={(organization) => organization.id ?? ""}
      empty={{ title: t("emptyUserOrganizations"), message: t("emptyUserOrganizationsInstructions") }}
      columns={[
        { title: t("name"), cell: (organization) => organization.name },
        {
          title: t("domains"),
          cell: (organization) => (
            <LabelGroup numLabels={DOMAINS_SHOWN}>
              {(organization.domains ?? []).map((domain) => {
                const name = typeof domain === "string" ? domain : domain.name;
                return (
                  <Label key={name} isCompact>
                    {name}
                  </Label>
                );
              })}
            </LabelGroup>
          ),
        },
        {
          title: t("membership"),
          cell: (organization) => (organization as { membershipType?: string }).membershipType ?? "",
        },
      ]}
    />
  );
}
