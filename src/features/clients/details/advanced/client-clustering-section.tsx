import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../../core/ui/dialogs/index.ts";
import { FormField } from "../../../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../../core/ui/overlays/modal.tsx";
import type { ClientTabProps } from "../client-tab-props.ts";
import "../client-tab-messages.ts";

/** Registered cluster nodes: register one by hand, delete one, test their availability. */
export function ClientClusteringSection({
  client,
  canManage,
  onReload,
}: Omit<ClientTabProps, "onSave"> & { onReload(): Promise<void> }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [isAdding, setAdding] = useState(false);
  const [host, setHost] = useState("");
  const nodes = Object.entries(client.registeredNodes ?? {}) as [string, number][];
  const id = client.id!;

  const register = async () => {
    try {
      await adminClient.clients.addClusterNode({ realm, id, node: host.trim() });
      setAdding(false);
      setHost("");
      await onReload();
      alerts.addAlert(t("addedNodeSuccess"));
    } catch (error) {
      alerts.addError("addedNodeFail", error);
    }
  };

  const remove = async (node: string) => {
    const isConfirmed = await confirm({
      title: t("deleteNode"),
      children: t("deleteNodeBody", { node }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.clients.deleteClusterNode({ realm, id, node });
      await onReload();
      alerts.addAlert(t("deleteNodeSuccess"));
    } catch (error) {
      alerts.addError("deleteNodeFail", error);
    }
  };

  const test = async () => {
    try {
      const result = await adminClient.clients.testNodesAvailable({ realm, id });
      const successNodes = result.successRequests ?? [];
      const failedNodes = result.failedRequests ?? [];
      if (successNodes.length > 0) alerts.addAlert(t("testClusterSuccess", { successNodes: successNodes.join(", ") }));
      if (failedNodes.length > 0) {
        alerts.addAlert(t("testClusterFail", { failedNodes: failedNodes.join(", ") }), "danger");
      }
      if (successNodes.length === 0 && failedNodes.length === 0) alerts.addAlert(t("clientsNoNodesToTest"), "info");
    } catch (error) {
      alerts.addError("testClusterFail", error);
    }
  };

  return (
    <FormSection title={t("registeredClusterNodes")} titleElement="h3">
      {canManage && (
        <Flex>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t("registerNodeManually")}
          </Button>
          <Button variant="tertiary" onClick={() => void test()} isDisabled={nodes.length === 0}>
            {t("testClusterAvailability")}
          </Button>
        </Flex>
      )}
      {nodes.length === 0 ? (
        <p>{t("noNodesInstructions")}</p>
      ) : (
        <Table aria-label={t("registeredClusterNodes")} variant="compact">
          <Thead>
            <Tr>
              <Th>{t("nodeHost")}</Th>
              <Th>{t("lastRegistration")}</Th>
              {canManage && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {nodes.map(([node, registered]) => (
              <Tr key={node}>
                <Td dataLabel={t("nodeHost")}>{node}</Td>
                <Td dataLabel={t("lastRegistration")}>{new Date(registered * 1000).toLocaleString()}</Td>
                {canManage && (
                  <Td isActionCell>
                    <Button
                      variant="link"
                      isDanger
                      aria-label={`${t("delete")} ${node}`}
                      onClick={() => void remove(node)}
                    >
                      {t("delete")}
                    </Button>
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
      <Modal variant="small" isOpen={isAdding} onClose={() => setAdding(false)} aria-labelledby="kc-add-node-title">
        <ModalHeader title={t("addNode")} labelId="kc-add-node-title" />
        <ModalBody>
          <Form
            id="kc-add-node-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (host.trim()) void register();
            }}
          >
            <FormField id="kc-node-host" label={t("nodeHost")} isRequired>
              <TextInput id="kc-node-host" value={host} onChange={(_event, value) => setHost(value)} isRequired />
            </FormField>
          </Form>
        </ModalBody>
        <ModalFooter>
          <Button type="submit" form="kc-add-node-form" isDisabled={!host.trim()}>
            {t("save")}
          </Button>
          <Button variant="link" onClick={() => setAdding(false)}>
            {t("cancel")}
          </Button>
        </ModalFooter>
      </Modal>
      {dialog}
    </FormSection>
  );
}
