import { useState } from "react";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Route, Routes } from "react-router";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { RoutableTabs } from "../../core/ui/page/routable-tabs.tsx";
import { ViewHeader } from "../../core/ui/page/view-header.tsx";
import { GroupsTableSection } from "./groups-table-section.tsx";
import { DialogsSection } from "./dialogs-section.tsx";
import { PickersSection } from "./pickers-section.tsx";
import { SampleForm } from "./sample-form.tsx";
import { UsersTableSection } from "./users-table-section.tsx";
import "./messages.ts";
import "./catalogue.css";

function CatalogueTabs({ serverUrl }: { serverUrl: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  return (
    <RoutableTabs
      aria-label={t("catalogueTabs")}
      tabs={[
        {
          key: "tables",
          title: t("catalogueTablesTab"),
          content: (
            <PageSection className="kc-catalogue-panel" aria-label={t("catalogueTablesTab")}>
              <Title headingLevel="h2" className="kc-catalogue-subheading">
                {t("users")}
              </Title>
              <UsersTableSection />
              <Title headingLevel="h2" className="kc-catalogue-subheading">
                {t("groups")}
              </Title>
              <GroupsTableSection />
            </PageSection>
          ),
        },
        {
          key: "form",
          title: t("catalogueFormTab"),
          content: (
            <PageSection className="kc-catalogue-panel" aria-label={t("catalogueFormTab")}>
              <SampleForm issuer={`${serverUrl.replace(/\/$/, "")}/realms/${realm}`} />
            </PageSection>
          ),
        },
        {
          key: "dialogs",
          title: t("catalogueDialogsTab"),
          content: (
            <PageSection className="kc-catalogue-panel" aria-label={t("catalogueDialogsTab")}>
              <DialogsSection />
            </PageSection>
          ),
        },
        { key: "pickers", title: t("cataloguePickersTab"), content: <PickersSection /> },
      ]}
    />
  );
}

/** The catalogue screen: a header using every ViewHeader feature, and one tab per part of the kit. */
export function CataloguePage({ serverUrl }: { serverUrl: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const { addAlert } = useAlerts();
  const [isEnabled, setEnabled] = useState(true);
  return (
    <section className="kc-catalogue">
      <ViewHeader
        title={t("catalogueTitle")}
        subtitle={t("catalogueSubtitle", { realm })}
        badges={[{ text: t("catalogueBadge"), color: "purple" }]}
        enabled={{ isEnabled, onChange: setEnabled, disableConfirm: {} }}
        actions={[{ title: t("partialExport"), onClick: () => addAlert(t("partialExport"), "info") }]}
      />
      <Routes>
        <Route path="/:tab?" element={<CatalogueTabs serverUrl={serverUrl} />} />
      </Routes>
    </section>
  );
}
