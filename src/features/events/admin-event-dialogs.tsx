import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import type { AdminEventRow } from "./admin-events-tab.tsx";

/** The admin event's auth details: realm, client, user and IP address of the caller. */
export function AuthDialog({ event, onClose }: { event: AdminEventRow; onClose(): void }) {
  const { t } = useMessages();
  const auth = event.authDetails ?? {};
  const rows: [string, string | undefined][] = [
    [t("realm"), event.authRealmName ?? auth.realmId],
    [t("client"), auth.clientId],
    [t("user"), event.username ? `${event.username} (${auth.userId})` : auth.userId],
    [t("ipAddress"), auth.ipAddress],
  ];
  return (
    <Modal isOpen onClose={onClose} variant="small" aria-labelledby="kc-admin-event-auth">
      <ModalHeader title={t("eventsAuthTitle")} labelId="kc-admin-event-auth" />
      <ModalBody>
        <DescriptionList isHorizontal>
          {rows.map(([term, value]) => (
            <DescriptionListGroup key={term}>
              <DescriptionListTerm>{term}</DescriptionListTerm>
              <DescriptionListDescription>
                <bdi>{value ?? ""}</bdi>
              </DescriptionListDescription>
            </DescriptionListGroup>
          ))}
        </DescriptionList>
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          {t("close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

const pretty = (representation: string) => {
  try {
    return JSON.stringify(JSON.parse(representation), null, 2);
  } catch {
    return representation;
  }
};

/** The admin event's representation as indented JSON, with a copy button. */
export function RepresentationDialog({ event, onClose }: { event: AdminEventRow; onClose(): void }) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const text = event.representation ? pretty(event.representation) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      alerts.addAlert(t("copySuccess"));
    } catch (error) {
      alerts.addError("eventsCopyError", error);
    }
  };
  return (
    <Modal isOpen onClose={onClose} variant="medium" aria-labelledby="kc-admin-event-representation">
      <ModalHeader title={t("representation")} labelId="kc-admin-event-representation" />
      <ModalBody>
        {text ? (
          <CodeBlock>
            <CodeBlockCode tabIndex={0} aria-label={t("representation")}>
              {text}
            </CodeBlockCode>
          </CodeBlock>
        ) : (
          t("eventsNoRepresentation")
        )}
      </ModalBody>
      <ModalFooter>
        {text && (
          <Button variant="secondary" onClick={() => void copy()}>
            {t("copyToClipboard")}
          </Button>
        )}
        <Button variant="primary" onClick={onClose}>
          {t("close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
