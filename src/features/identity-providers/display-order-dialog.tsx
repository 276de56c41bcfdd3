import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  DataListAction,
  DataListControl,
  DataListDragButton,
} from "@patternfly/react-core/dist/esm/components/DataList/index.js";
import ArrowUpIcon from "@patternfly/react-icons/dist/esm/icons/arrow-up-icon.js";
import ArrowDownIcon from "@patternfly/react-icons/dist/esm/icons/arrow-down-icon.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { DISPLAY_ORDER_LIMIT, moved, readProvidersToOrder, reordered } from "./display-order.ts";
import { updateIdentityProvider, type IdentityProvider } from "./queries.ts";
import "./messages.ts";

/** Orders the realm's providers for the login page by dragging or by the move buttons; saves config.guiOrder. */
export function DisplayOrderDialog({ onClose }: { onClose(saved: boolean): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addAlert, addError } = useAlerts();
  const [order, setOrder] = useState<IdentityProvider[]>();
  const [dragged, setDragged] = useState<number>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: ["identity-providers", realm, "display-order"],
    queryFn: () =>
      readProvidersToOrder((first, max) => adminClient.identityProviders.find({ realm, realmOnly: true, first, max })),
    gcTime: 0,
  });
  const providers = order ?? query.data?.providers ?? [];
  const move = (from: number, to: number) => setOrder(moved(providers, from, to));

  const save = async () => {
    setSaving(true);
    try {
      for (const provider of reordered(providers))
        await updateIdentityProvider(adminClient, realm, provider.alias ?? "", provider);
      addAlert(t("orderChangeSuccess"));
      onClose(true);
    } catch (error) {
      addError("orderChangeError", error);
      setSaving(false);
    }
  };

  return (
    <Modal isOpen variant="small" onClose={() => onClose(false)} aria-labelledby="kc-idp-order-title">
      <ModalHeader title={t("manageDisplayOrder")} labelId="kc-idp-order-title" description={t("orderDialogIntro")} />
      <ModalBody>
        {query.data?.complete === false && (
          <Alert variant="info" isInline title={t("orderDialogPartial", { count: DISPLAY_ORDER_LIMIT })} />
        )}
        {query.error ? (
          <Alert variant="danger" isInline title={t("orderChangeError", { error: errorMessage(query.error) })} />
        ) : query.isPending ? (
          <LoadingSpinner />
        ) : (
          <DataList aria-label={t("manageDisplayOrder")} isCompact>
            {providers.map((provider, index) => {
              const name = provider.displayName || provider.alias || "";
              return (
                <DataListItem
                  key={provider.alias}
                  aria-labelledby={`kc-idp-order-${index}`}
                  draggable
                  onDragStart={() => setDragged(index)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== undefined) move(dragged, index);
                    setDragged(undefined);
                  }}
                  data-testid={`idp-order-${provider.alias}`}
                >
                  <DataListItemRow>
                    <DataListControl>
                      <DataListDragButton aria-label={t("dragProvider", { name })} />
                    </DataListControl>
                    <DataListItemCells
                      dataListCells={[
                        <DataListCell key="name">
                          <span id={`kc-idp-order-${index}`}>{name}</span>
                        </DataListCell>,
                      ]}
                    />
                    <DataListAction
                      id={`kc-idp-order-actions-${index}`}
                      aria-labelledby={`kc-idp-order-${index}`}
                      aria-label={name}
                    >
                      <Button
                        variant="plain"
                        icon={<ArrowUpIcon />}
                        aria-label={t("moveUp", { name })}
                        isDisabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        variant="plain"
                        icon={<ArrowDownIcon />}
                        aria-label={t("moveDown", { name })}
                        isDisabled={index === providers.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                    </DataListAction>
                  </DataListItemRow>
                </DataListItem>
              );
            })}
          </DataList>
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={save} isDisabled={saving || !order} isLoading={saving}>
          {t("save")}
        </Button>
        <Button variant="link" onClick={() => onClose(false)}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
