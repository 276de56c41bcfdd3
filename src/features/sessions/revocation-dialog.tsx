import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import type GlobalRequestResult from "@keycloak/keycloak-admin-client/lib/defs/globalRequestResult.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { fetchNotBefore, pushRevocation, sessionsKeys, setNotBefore } from "./queries.ts";

/** Not before of the realm: set to now, clear, push to the clients that have an admin URL (with the result). */
export function RevocationDialog({ onClose }: { onClose(): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const notBefore = useQuery({
    queryKey: sessionsKeys.notBefore(realm),
    queryFn: () => fetchNotBefore(adminClient, realm),
  });
  const [pushed, setPushed] = useState<GlobalRequestResult>();
  const [isBusy, setBusy] = useState(false);

  const update = async (value: number) => {
    setBusy(true);
    try {
      await setNotBefore(adminClient, realm, value);
      alerts.addAlert(t(value ? "notBeforeSuccess" : "notBeforeClearedSuccess"));
      await queryClient.invalidateQueries({ queryKey: sessionsKeys.notBefore(realm) });
    } catch (error) {
      alerts.addError("setToNowError", error);
    } finally {
      setBusy(false);
    }
  };
  const push = async () => {
    setBusy(true);
    try {
      setPushed(await pushRevocation(adminClient, realm));
    } catch (error) {
      alerts.addError("sessionsPushError", error);
    } finally {
      setBusy(false);
    }
  };
  const value = notBefore.data ? new Date(notBefore.data * 1000).toLocaleString() : t("none");
  const succeeded = pushed?.successRequests ?? [];
  const failed = pushed?.failedRequests ?? [];

  return (
    <Modal isOpen onClose={onClose} variant="small" aria-labelledby="kc-revocation-title">
      <ModalHeader title={t("revocation")} labelId="kc-revocation-title" />
      <ModalBody>
        <Content component="p">{t("revocationDescription")}</Content>
        <DescriptionList isHorizontal>
          <DescriptionListGroup>
            <DescriptionListTerm>{t("notBefore")}</DescriptionListTerm>
            <DescriptionListDescription data-testid="not-before">{value}</DescriptionListDescription>
          </DescriptionListGroup>
        </DescriptionList>
        {pushed && (
          <div aria-live="polite">
            {succeeded.length === 0 && failed.length === 0 && (
              <Alert isInline isPlain variant="warning" title={t("noAdminUrlSet")} />
            )}
            {succeeded.length > 0 && (
              <Alert isInline variant="success" title={t("sessionsPushSucceeded", { urls: succeeded.join(", ") })} />
            )}
            {failed.length > 0 && (
              <Alert isInline variant="danger" title={t("sessionsPushFailed", { urls: failed.join(", ") })} />
            )}
          </div>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" isDisabled={isBusy} onClick={() => void update(Math.floor(Date.now() / 1000))}>
          {t("setToNow")}
        </Button>
        <Button variant="secondary" isDisabled={isBusy || !notBefore.data} onClick={() => void update(0)}>
          {t("clear")}
        </Button>
        <Button variant="secondary" isDisabled={isBusy} onClick={() => void push()}>
          {t("push")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
