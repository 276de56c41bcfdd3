import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { fetchSyncHistory, syncHistoryKey, type SyncResult } from "../queries.ts";
import "../messages.ts";

export type SyncState = { running: true; startedAt: number } | { running: false; result?: SyncResult };

/** While a sync runs: its elapsed seconds; when it is done: Keycloak's counts. Below, ★ the sync history. */
export function LdapSyncPanel({ providerId, state }: { providerId: string; state: SyncState }) {
  const { t } = useMessages();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!state.running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state.running]);
  return (
    <>
      {state.running && (
        <Alert
          variant="info"
          isInline
          title={t("syncRunning", { seconds: Math.max(0, Math.round((now - state.startedAt) / 1000)) })}
          aria-live="polite"
        />
      )}
      {!state.running && state.result && (
        <Alert
          variant={state.result.failed ? "warning" : "success"}
          isInline
          title={t("syncResult", {
            added: state.result.added ?? 0,
            updated: state.result.updated ?? 0,
            removed: state.result.removed ?? 0,
            failed: state.result.failed ?? 0,
          })}
          aria-live="polite"
        >
          {state.result.status}
        </Alert>
      )}
      <SyncHistory providerId={providerId} version={state.running ? 0 : 1} />
    </>
  );
}

function SyncHistory({ providerId, version }: { providerId: string; version: number }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const query = useQuery({
    queryKey: [...syncHistoryKey(realm, providerId), version],
    queryFn: () => fetchSyncHistory(adminClient, realm, providerId),
  });
  const users = useQuery({
    queryKey: ["user-federation", realm, "history-users", ...(query.data ?? []).map((e) => e.userId)],
    enabled: !!query.data?.length,
    queryFn: async () => {
      const ids = [...new Set((query.data ?? []).map((e) => e.userId).filter((id): id is string => !!id))];
      const names: Record<string, string> = {};
      for (const id of ids) {
        const user = await adminClient.users.findOne({ realm: "master", id }).catch(() => undefined);
        names[id] = user?.username ?? id;
      }
      return names;
    },
  });
  return (
    <section aria-label={t("syncHistory")} className="pf-v6-u-mt-md">
      <Title headingLevel="h2" size="md">
        {t("syncHistory")}
      </Title>
      {query.data?.length ? (
        <ul>
          {query.data.map((entry) => (
            <li key={`${entry.time}-${entry.action}`}>
              {new Date(entry.time).toLocaleString()} —{" "}
              {t("syncHistoryEntry", {
                action: entry.action === "triggerFullSync" ? t("syncAllUsers") : t("syncChangedUsers"),
                user: (entry.userId && users.data?.[entry.userId]) || entry.userId || "",
                added: entry.result.added ?? 0,
                updated: entry.result.updated ?? 0,
                removed: entry.result.removed ?? 0,
                failed: entry.result.failed ?? 0,
              })}
            </li>
          ))}
        </ul>
      ) : (
        <Content component="p">{query.isPending ? "…" : t("syncHistoryEmpty")}</Content>
      )}
    </section>
  );
}
