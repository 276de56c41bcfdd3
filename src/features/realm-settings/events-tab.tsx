import { useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RealmEventsConfigRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmEventsConfigRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { MultiSelectControl, SwitchControl, TimeSelectorControl, useValuesForm } from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { EventTypesField } from "./event-types-field.tsx";
import {
  clearAdminEvents,
  clearUserEvents,
  eventsConfigKey,
  fetchEventsConfig,
  refreshRealm,
  saveEventsConfig,
  saveRealm,
  type Realm,
} from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import "./messages.ts";
import "./realm-settings.css";

const ADMIN_EVENTS_EXPIRATION = "adminEventsExpiration";

interface EventsValues {
  eventsEnabled: boolean;
  eventsExpiration: number | "";
  enabledEventTypes: string[];
  adminEventsEnabled: boolean;
  adminEventsDetailsEnabled: boolean;
  adminEventsExpiration: number | "";
  eventsListeners: string[];
}

function toEventsValues(config: RealmEventsConfigRepresentation, realm: Realm): EventsValues {
  const adminExpiration = Number((realm.attributes as Record<string, string> | undefined)?.[ADMIN_EVENTS_EXPIRATION]);
  return {
    eventsEnabled: config.eventsEnabled === true,
    eventsExpiration: config.eventsExpiration ?? "",
    enabledEventTypes: config.enabledEventTypes ?? [],
    adminEventsEnabled: config.adminEventsEnabled === true,
    adminEventsDetailsEnabled: config.adminEventsDetailsEnabled === true,
    adminEventsExpiration: Number.isFinite(adminExpiration) && adminExpiration > 0 ? adminExpiration : "",
    eventsListeners: config.eventsListeners ?? [],
  };
}

/** User and admin events settings (GET/PUT events/config), clearing stored events, and the event listeners. */
export function EventsTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const name = realm.realm ?? "";
  const config = useQuery({ queryKey: eventsConfigKey(name), queryFn: () => fetchEventsConfig(adminClient, name) });
  if (config.isPending) return <LoadingSpinner />;
  if (config.error || !config.data)
    return (
      <Alert variant="danger" isInline title={t("rsEventsConfigLoadFailed", { message: errorMessage(config.error) })} />
    );
  return <EventsForm realm={realm} config={config.data} />;
}

function EventsForm({ realm, config }: { realm: Realm; config: RealmEventsConfigRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const canManage = useAccess().hasAccess("manage-realm");
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const name = realm.realm ?? "";
  const initial = useMemo(() => toEventsValues(config, realm), [config, realm]);
  const form = useValuesForm(initial);
  const eventsOn = form.watch("eventsEnabled");
  const adminOn = form.watch("adminEventsEnabled");
  const allTypes = [...(serverInfo?.enums?.eventType ?? [])].sort();
  const listeners = Object.keys(serverInfo?.providers?.eventsListener?.providers ?? {})
    .sort()
    .map((id) => ({ value: id, label: id }));

  const save = async (values: EventsValues) => {
    try {
      // The realm PUT carries the events settings too: it goes first, so the events configuration wins.
      if (values.adminEventsExpiration !== initial.adminEventsExpiration)
        await saveRealm(adminClient, realm, {
          attributes: {
            ...realm.attributes,
            [ADMIN_EVENTS_EXPIRATION]: values.adminEventsExpiration === "" ? "" : String(values.adminEventsExpiration),
          },
        });
      await saveEventsConfig(adminClient, name, {
        ...config,
        eventsEnabled: values.eventsEnabled,
        eventsExpiration: values.eventsExpiration === "" ? undefined : Number(values.eventsExpiration),
        enabledEventTypes: values.enabledEventTypes,
        adminEventsEnabled: values.adminEventsEnabled,
        adminEventsDetailsEnabled: values.adminEventsDetailsEnabled,
        eventsListeners: values.eventsListeners,
      });
      form.reset(values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsConfigKey(name) }),
        refreshRealm(queryClient, name),
      ]);
      addAlert(t("eventConfigSuccessfully"));
    } catch (error) {
      addError("eventConfigError", error);
    }
  };

  const clear = async (kind: "user" | "admin") => {
    const agreed = await confirm({
      title: t(kind === "user" ? "clearUserEvents" : "clearAdminEvents"),
      children: t("deleteEventsConfirm"),
      confirmLabel: t("clear"),
      variant: "destructive",
    });
    if (!agreed) return;
    try {
      await (kind === "user" ? clearUserEvents : clearAdminEvents)(adminClient, name);
      addAlert(t(kind === "user" ? "user-events-cleared" : "admin-events-cleared"));
    } catch (error) {
      addError(kind === "user" ? "user-events-cleared-error" : "admin-events-cleared-error", error);
    }
  };

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("events")}>
      <FormSection title={t("userEventsSettings")} titleElement="h2">
        <SwitchControl<EventsValues> name="eventsEnabled" label={t("saveEvents")} onText={t("on")} offText={t("off")} />
        {eventsOn && (
          <>
            <TimeSelectorControl<EventsValues>
              name="eventsExpiration"
              label={t("expiration")}
              labelHelp={t("expirationHelp")}
              units={["minute", "hour", "day"]}
              id="kc-events-expiration"
            />
            <EventTypesField name="enabledEventTypes" allTypes={allTypes} />
          </>
        )}
        {canManage && (
          <FormGroup fieldId="kc-clear-user-events">
            <Button id="kc-clear-user-events" variant="danger" onClick={() => void clear("user")}>
              {t("clearUserEvents")}
            </Button>
          </FormGroup>
        )}
      </FormSection>
      <FormSection title={t("adminEventsSettings")} titleElement="h2">
        <SwitchControl<EventsValues>
          name="adminEventsEnabled"
          label={t("rsSaveAdminEvents")}
          onText={t("on")}
          offText={t("off")}
        />
        {adminOn && (
          <>
            <SwitchControl<EventsValues>
              name="adminEventsDetailsEnabled"
              label={t("includeRepresentation")}
              onText={t("on")}
              offText={t("off")}
            />
            <TimeSelectorControl<EventsValues>
              name="adminEventsExpiration"
              label={t("rsAdminEventsExpiration")}
              labelHelp={t("expirationHelp")}
              units={["minute", "hour", "day"]}
              id="kc-admin-events-expiration"
            />
          </>
        )}
        {canManage && (
          <FormGroup fieldId="kc-clear-admin-events">
            <Button id="kc-clear-admin-events" variant="danger" onClick={() => void clear("admin")}>
              {t("clearAdminEvents")}
            </Button>
          </FormGroup>
        )}
      </FormSection>
      <FormSection title={t("eventListeners")} titleElement="h2">
        <MultiSelectControl<EventsValues>
          name="eventsListeners"
          label={t("eventListeners")}
          labelHelp={t("eventListenersHelpTextHelp")}
          options={listeners}
        />
      </FormSection>
      {dialog}
    </SettingsForm>
  );
}
