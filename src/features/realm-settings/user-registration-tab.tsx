import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { AssociatedRolesTable } from "../../core/ui/role-composites/index.ts";
import { DefaultGroupsSection } from "./default-groups-section.tsx";
import type { Realm } from "./queries.ts";
import "./messages.ts";

/** What every new user gets: the roles of `default-roles-{realm}` and the default groups. */
export function UserRegistrationTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const canManage = useAccess().hasAccess("manage-realm");
  const defaultRole = realm.defaultRole;
  return (
    <>
      <section aria-labelledby="kc-default-roles-title" className="kc-realm-settings-section">
        <Title headingLevel="h2" id="kc-default-roles-title">
          {t("defaultRoles")}
        </Title>
        <Content component="p">{t("rsDefaultRolesIntro")}</Content>
        {defaultRole?.id ? (
          <AssociatedRolesTable
            roleId={defaultRole.id}
            roleName={defaultRole.name ?? ""}
            canManage={canManage}
            isDefaultRoles
          />
        ) : (
          <Alert variant="warning" isInline title={t("rsNoDefaultRole")} />
        )}
      </section>
      <section aria-labelledby="kc-default-groups-title" className="kc-realm-settings-section">
        <Title headingLevel="h2" id="kc-default-groups-title">
          {t("defaultGroups")}
        </Title>
        <Content component="p">{t("rsDefaultGroupsIntro")}</Content>
        <DefaultGroupsSection realm={realm.realm ?? ""} />
      </section>
    </>
  );
}
