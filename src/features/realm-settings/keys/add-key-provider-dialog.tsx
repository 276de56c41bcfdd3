import { useState } from "react";
import type ComponentTypeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentTypeRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
} from "@patternfly/react-core/dist/esm/components/DataList/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { Modal, ModalBody, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import { KeyProviderForm } from "./key-provider-form.tsx";
import { keyProviderTypes } from "./keys-queries.ts";
import "./keys-messages.ts";

/** "Add provider": the key provider types server info offers, then the chosen type's form. */
export function AddKeyProviderDialog({
  realmId,
  onClose,
  onSaved,
}: {
  realmId: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useMessages();
  const types = keyProviderTypes(useServerInfo());
  const [chosen, setChosen] = useState<ComponentTypeRepresentation>();
  const title = chosen ? t("addProvider", { provider: chosen.id, count: 1 }) : t("rsKeyProviderChoose");
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="kc-add-key-provider-title">
      <ModalHeader title={title} labelId="kc-add-key-provider-title" description={chosen?.helpText} />
      <ModalBody>
        {chosen ? (
          <KeyProviderForm
            type={chosen}
            realmId={realmId}
            onSaved={() => {
              onSaved();
              onClose();
            }}
            onCancel={() => setChosen(undefined)}
          />
        ) : (
          <DataList aria-label={t("rsKeyProviderChoose")} isCompact>
            {types.map((type) => (
              <DataListItem key={type.id} aria-labelledby={`kc-key-provider-${type.id}`}>
                <DataListItemRow>
                  <DataListItemCells
                    dataListCells={[
                      <DataListCell key="name" width={2}>
                        <Button
                          variant="link"
                          isInline
                          id={`kc-key-provider-${type.id}`}
                          onClick={() => setChosen(type)}
                        >
                          {type.id}
                        </Button>
                      </DataListCell>,
                      <DataListCell key="help" width={4}>
                        {type.helpText}
                      </DataListCell>,
                    ]}
                  />
                </DataListItemRow>
              </DataListItem>
            ))}
          </DataList>
        )}
      </ModalBody>
    </Modal>
  );
}
