import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DownloadDialog } from "../../core/ui/dialogs/download-dialog.tsx";
import { useConfirm } from "../../core/ui/dialogs/use-confirm.tsx";
import { exportClient } from "../../core/ui/export/export-client.ts";
import { ChipGroupList } from "../../core/ui/table/chip-group-list.tsx";
import "./messages.ts";

const SAMPLE_CLIENT = {
  id: "3f1c2a7e-0000-4000-8000-000000000001",
  clientId: "portal",
  protocol: "openid-connect",
  redirectUris: ["https://portal.example.com/*"],
  protocolMappers: [
    {
      id: "9b7e",
      name: "department",
      protocol: "openid-connect",
      protocolMapper: "oidc-usermodel-attribute-mapper",
      config: { "user.attribute": "department", "claim.name": "department" },
    },
  ],
};

/** Confirm, destructive confirm, download (client export) and the chip group. */
export function DialogsSection() {
  const { t } = useMessages();
  const { addAlert } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [isDownloadOpen, setDownloadOpen] = useState(false);
  const ask = async (destructive: boolean) => {
    const agreed = await confirm(
      destructive
        ? {
            title: t("deleteConfirmUsers", { count: 1, name: "alice" }),
            children: t("catalogueDeleteBody"),
            variant: "destructive",
          }
        : { title: t("catalogueConfirmTitle"), children: t("catalogueConfirmBody") },
    );
    addAlert(agreed ? t("catalogueConfirmed") : t("catalogueCancelled"), agreed ? "success" : "info");
  };
  return (
    <>
      <Flex spaceItems={{ default: "spaceItemsMd" }}>
        <Button variant="primary" onClick={() => void ask(false)}>
          {t("catalogueConfirm")}
        </Button>
        <Button variant="danger" onClick={() => void ask(true)}>
          {t("catalogueConfirmDestructive")}
        </Button>
        <Button variant="secondary" onClick={() => setDownloadOpen(true)}>
          {t("catalogueDownload")}
        </Button>
      </Flex>
      <Content component="h2" className="kc-catalogue-subheading">
        {t("catalogueChips")}
      </Content>
      <ChipGroupList
        values={["offline_access", "uma_authorization", "default-roles-demo", "manage-account", "view-profile"]}
        aria-label={t("catalogueChips")}
      />
      <DownloadDialog
        isOpen={isDownloadOpen}
        filename={`${SAMPLE_CLIENT.clientId}.json`}
        content={exportClient(SAMPLE_CLIENT)}
        onClose={() => setDownloadOpen(false)}
      />
      {dialog}
    </>
  );
}
