import { useCallback, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { SessionsTable, type SessionType } from "../../core/ui/sessions/index.ts";
import { toClientSettings, toUserSettings } from "./paths.ts";
import { fetchSessionPage, fetchSessionTotals, sessionsKeys, signOutEverySession } from "./queries.ts";
import { RevocationDialog } from "./revocation-dialog.tsx";
import "./messages.ts";

/** `/:realm/sessions`: every session of the realm, paged on the server, with revocation and sign out all. */
export default function SessionsPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [reloads, setReloads] = useState(0);
  const [isRevocationOpen, setRevocationOpen] = useState(false);
  const canManage = access.hasAccess("manage-users");
  const totals = useQuery({
    queryKey: [...sessionsKeys.totals(realm), reloads],
    queryFn: () => fetchSessionTotals(adminClient, realm),
    enabled: access.hasAccess("view-realm"),
  });
  const loader = useCallback(
    (first: number, max: number, search: string, type: SessionType) =>
      fetchSessionPage(adminClient, realm, first, max, search, type),
    [adminClient, realm],
  );
  const signOutAll = async () => {
    const confirmed = await confirm({
      title: t("signOutAllActiveSessionsQuestion"),
      children: (
        <>
          <Content component="p">{t("logoutAllDescription")}</Content>
          {realm === "master" && <Content component="p">{t("sessionsMasterWarning")}</Content>}
        </>
      ),
      confirmLabel: t("signOut"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await signOutEverySession(adminClient, realm);
      alerts.addAlert(t("sessionsRealmSignedOutAll"));
    } catch (error) {
      alerts.addError("logoutAllSessionsError", error);
    }
    await queryClient.invalidateQueries({ queryKey: sessionsKeys.totals(realm) });
    setReloads((n) => n + 1);
  };

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("titleSessions")}</Title>
        <Content component="p">{t("sessionExplain")}</Content>
        <Content component="small" data-testid="sessions-no-device">
          {t("sessionsNoDevice")}
        </Content>
        {totals.data && (
          <Content component="p" title={t("sessionsTotalsHelp")} data-testid="sessions-totals">
            {t("sessionsTotals", { active: totals.data.active, offline: totals.data.offline })}
          </Content>
        )}
        <Flex className="kc-sessions-header-actions">
          {access.hasAccess("manage-realm") && (
            <Button variant="secondary" onClick={() => setRevocationOpen(true)}>
              {t("revocation")}
            </Button>
          )}
          {canManage && (
            <Button variant="secondary" isDanger onClick={() => void signOutAll()}>
              {t("signOutAllActiveSessions")}
            </Button>
          )}
        </Flex>
      </PageSection>
      <PageSection>
        <SessionsTable
          tableId="sessions"
          loader={loader}
          canManage={canManage}
          userHref={(id) => toUserSettings(realm, id)}
          clientHref={(id) => toClientSettings(realm, id)}
          emptyMessage={t("noSessionsDescription")}
          refreshKey={reloads}
        />
      </PageSection>
      {isRevocationOpen && <RevocationDialog onClose={() => setRevocationOpen(false)} />}
      {dialog}
    </>
  );
}
