import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { RoutableTabs } from "../../core/ui/page/index.ts";
import { AdminEventsTab } from "./admin-events-tab.tsx";
import { UserEventsTab } from "./user-events-tab.tsx";
import "./messages.ts";
import "./events.css";

/** `/:realm/events/:tab`: user events and admin events, each searched through the address. */
export default function EventsPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("titleEvents")}</Title>
        <Content component="p">{t("eventsExplain")}</Content>
      </PageSection>
      <PageSection>
        <RoutableTabs
          aria-label={t("events")}
          hasSpacedContent
          tabs={[
            { key: "user-events", title: t("userEvents"), content: <UserEventsTab /> },
            { key: "admin-events", title: t("adminEvents"), content: <AdminEventsTab /> },
          ]}
        />
      </PageSection>
    </>
  );
}
