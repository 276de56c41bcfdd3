import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { BindFlowDialog } from "./bind-flow-dialog.tsx";
import { FlowNameDialog } from "./duplicate-flow-dialog.tsx";
import { toAuthentication, toFlow } from "./paths.ts";
import { authenticationKey, bindFlow, copyFlow, deleteFlow, updateFlow, type Flow } from "./queries.ts";
import "./messages.ts";

export interface FlowRef {
  id: string;
  alias: string;
  description?: string;
  providerId?: string;
  builtIn?: boolean;
}

/** Duplicate, bind and delete a flow, shared by the flows list and a flow's page; render `dialogs`. */
export function useFlowActions(onChanged?: () => void) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<ReactNode>(null);
  const close = () => setOpen(null);
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: authenticationKey(realm) });
    onChanged?.();
  };

  const duplicate = (flow: FlowRef) =>
    setOpen(
      <FlowNameDialog
        title={t("duplicateFlow")}
        confirmLabel={t("duplicate")}
        initial={{ alias: t("copyOf", { name: flow.alias }), description: flow.description ?? "" }}
        onClose={close}
        onSave={async ({ alias, description }) => {
          try {
            const copy = await copyFlow(adminClient, realm, flow.alias, alias);
            if (copy?.id && description !== (copy.description ?? ""))
              await updateFlow(adminClient, realm, { ...copy, description });
            addAlert(t("copyFlowSuccess"));
            await changed();
            if (copy?.id) navigate(toFlow(realm, copy.id));
            return true;
          } catch (error) {
            addError("copyFlowError", error);
            return false;
          }
        }}
      />,
    );

  const editInfo = (flow: Flow) =>
    setOpen(
      <FlowNameDialog
        title={t("editFlow")}
        confirmLabel={t("save")}
        initial={{ alias: flow.alias ?? "", description: flow.description ?? "" }}
        onClose={close}
        onSave={async ({ alias, description }) => {
          try {
            await updateFlow(adminClient, realm, { ...flow, alias, description });
            addAlert(t("updateFlowSuccess"));
            await changed();
            return true;
          } catch (error) {
            addError("updateFlowError", error);
            return false;
          }
        }}
      />,
    );

  const bind = (flow: FlowRef) =>
    setOpen(
      <BindFlowDialog
        alias={flow.alias}
        providerId={flow.providerId}
        onClose={close}
        onBind={async (binding) => {
          try {
            await bindFlow(adminClient, realm, binding, flow.alias);
            addAlert(t("authnBindSuccess", { binding: t(`authnBinding_${binding}`) }));
            await changed();
            return true;
          } catch (error) {
            addError("authnBindError", error);
            return false;
          }
        }}
      />,
    );

  const remove = async (flow: FlowRef, afterDelete?: () => void) => {
    const agreed = await confirm({
      title: t("deleteConfirmFlow"),
      children: t("authnDeleteFlowConfirm", { flow: flow.alias }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!agreed) return;
    try {
      await deleteFlow(adminClient, realm, flow.id);
      addAlert(t("deleteFlowSuccess"));
      await changed();
      if (afterDelete) afterDelete();
      else navigate(toAuthentication(realm));
    } catch (error) {
      addError("deleteFlowError", error);
    }
  };

  return {
    duplicate,
    editInfo,
    bind,
    remove,
    dialogs: (
      <>
        {open}
        {dialog}
      </>
    ),
  };
}
