import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { ViewHeader, type ViewHeaderAction } from "../../core/ui/page/index.ts";
import { DeleteRealmDialog } from "./delete-realm-dialog.tsx";
import { PartialExportDialog } from "./partial-export-dialog.tsx";
import { PartialImportDialog } from "./partial-import-dialog.tsx";
import { refreshRealm, saveRealm, type Realm } from "./queries.ts";
import "./messages.ts";

const MASTER_REALM = "master";

type OpenDialog = "import" | "export" | "delete" | undefined;

/** The realm's name, its enabled switch and the actions partial import, partial export and delete (never master's). */
export function RealmSettingsHeader({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const access = useAccess();
  const { addAlert, addError } = useAlerts();
  const [open, setOpen] = useState<OpenDialog>();
  const name = realm.realm ?? "";
  const canManage = access.hasAccess("manage-realm");

  const setEnabled = async (enabled: boolean) => {
    try {
      await saveRealm(adminClient, realm, { enabled });
      await refreshRealm(queryClient, name);
      addAlert(t("realmSaveSuccess"));
    } catch (error) {
      addError("realmSaveError", error);
    }
  };

  const actions: ViewHeaderAction[] = canManage
    ? [
        { title: t("partialImport"), onClick: () => setOpen("import") },
        { title: t("partialExport"), onClick: () => setOpen("export") },
        ...(name === MASTER_REALM
          ? []
          : [{ title: t("deleteRealm"), onClick: () => setOpen("delete"), isDanger: true }]),
      ]
    : [];

  return (
    <>
      <ViewHeader
        title={name}
        subtitle={t("realmSettingsExplain")}
        badges={realm.enabled === false ? [{ text: t("disabled"), color: "red" }] : undefined}
        enabled={
          canManage
            ? {
                isEnabled: realm.enabled !== false,
                onChange: (enabled) => void setEnabled(enabled),
                disableConfirm: { title: t("disableConfirmTitle"), message: t("disableConfirmRealm") },
              }
            : undefined
        }
        actions={actions.length > 0 ? actions : undefined}
      />
      {open === "import" && <PartialImportDialog realm={name} onClose={() => setOpen(undefined)} />}
      {open === "export" && <PartialExportDialog realm={name} onClose={() => setOpen(undefined)} />}
      {open === "delete" && <DeleteRealmDialog realm={name} onClose={() => setOpen(undefined)} />}
    </>
  );
}
