import { useState } from "react";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { RoleMapping } from "../../core/ui/role-mapping/index.ts";
import { DynamicDemoSection } from "./dynamic-demo-section.tsx";
import { PickersDemoSection } from "./pickers-demo-section.tsx";
import { UserProfileDemoSection } from "./user-profile-demo-section.tsx";
import "./pickers-section-messages.ts";

/** The catalogue's "Pickers" tab: pickers, the role-mapping tab, the user-profile form and the dynamic component form. */
export function PickersSection() {
  const { t } = useMessages();
  const [users, setUsers] = useState<string[]>([]);
  const userId = users[0];
  return (
    <PageSection className="kc-catalogue-panel" aria-label={t("cataloguePickersTab")}>
      <PickersDemoSection users={users} onUsersChange={setUsers} />
      <Title headingLevel="h2" className="kc-catalogue-subheading">
        {t("cataloguePickersRoleMapping")}
      </Title>
      {userId ? (
        <RoleMapping key={userId} type="users" id={userId} />
      ) : (
        <Content component="p">{t("cataloguePickersPickUser")}</Content>
      )}
      <Title headingLevel="h2" className="kc-catalogue-subheading">
        {t("cataloguePickersProfile")}
      </Title>
      {userId ? (
        <UserProfileDemoSection userId={userId} />
      ) : (
        <Content component="p">{t("cataloguePickersPickUser")}</Content>
      )}
      <Title headingLevel="h2" className="kc-catalogue-subheading">
        {t("cataloguePickersDynamic")}
      </Title>
      <DynamicDemoSection />
    </PageSection>
  );
}
