import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { Banner } from "@patternfly/react-core/dist/esm/components/Banner/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useWhoAmI } from "../../core/runtime/realm-scope.tsx";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";

/** On the events screens: whether saving of user or admin events is off. */
function useEventSavingOff(): boolean {
  const onEventsPage = /^\/[^/]+\/events(\/|$)/.test(useLocation().pathname);
  const realm = useCurrentRealm();
  const { hasAccess } = useAccess();
  const { adminClient } = useRuntime();
  const config = useQuery({
    queryKey: ["events-config", realm],
    queryFn: () => adminClient.realms.getConfigEvents({ realm }),
    enabled: onEventsPage && hasAccess("view-events"),
  });
  return onEventsPage && Boolean(config.data && (!config.data.eventsEnabled || !config.data.adminEventsEnabled));
}

/** Temporary-admin warning and the events-not-saved notice. */
export function ConsoleBanners() {
  const { t } = useMessages();
  const whoAmI = useWhoAmI();
  const eventsOff = useEventSavingOff();
  return (
    <>
      {whoAmI.temporary && (
        <Banner color="yellow" data-testid="temporary-admin-banner">
          {t("loggedInAsTempAdminUser")}
        </Banner>
      )}
      {eventsOff && (
        <Banner color="blue" data-testid="events-off-banner">
          {t("eventsDisabled")}
        </Banner>
      )}
    </>
  );
}
