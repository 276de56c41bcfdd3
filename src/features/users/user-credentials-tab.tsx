import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import ArrowDownIcon from "@patternfly/react-icons/dist/esm/icons/arrow-down-icon.js";
import ArrowUpIcon from "@patternfly/react-icons/dist/esm/icons/arrow-up-icon.js";
import TrashIcon from "@patternfly/react-icons/dist/esm/icons/trash-icon.js";
import type CredentialRepresentation from "@keycloak/keycloak-admin-client/lib/defs/credentialRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { TableEmptyState, TableErrorState } from "../../core/ui/table/index.ts";
import { CredentialLabelCell } from "./credential-label-cell.tsx";
import {
  credentialKeys,
  deleteCredential,
  fetchCredentials,
  moveCredential,
  renameCredential,
} from "./credential-queries.ts";
import { ResetActionsDialog } from "./reset-actions-dialog.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";
import { useUserEvents } from "./user-events.tsx";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";
import "./users-tables.css";

/** The type as Keycloak's console shows it: the stored name with its first letter capitalised ("Recovery-authn-codes"). */
const typeName = (type = "") => type.charAt(0).toUpperCase() + type.slice(1);

/** Credentials in their order: reset password, rename, move up/down, delete, send a reset-actions email. */
export function UserCredentialsTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const events = useUserEvents();
  const [dialogOpen, setDialogOpen] = useState<"password" | "actions">();
  const key = credentialKeys.list(realm, user.id!);
  const credentials = useQuery({ queryKey: key, queryFn: () => fetchCredentials(adminClient, realm, user.id!) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const rows = credentials.data ?? [];
  const hasPassword = rows.some((credential) => credential.type === "password");

  const mutate = useUserMutation(user);
  const run = (action: () => Promise<void>, success: string, failure: string) =>
    mutate(action, { success, failure, queryKey: key });
  const remove = async (credential: CredentialRepresentation) => {
    if (!(await confirm({ title: t("deleteCredentialsConfirmTitle"), variant: "destructive" }))) return;
    await run(
      () => deleteCredential(adminClient, realm, user.id!, credential.id!),
      "deleteCredentialsSuccess",
      "deleteCredentialsError",
    );
  };
  const move = (credential: CredentialRepresentation, index: number) =>
    run(
      () =>
        moveCredential(
          adminClient,
          realm,
          user.id!,
          rows.map((row) => row.id!),
          credential.id!,
          index,
        ),
      "updatedCredentialMoveSuccess",
      "updatedCredentialMoveError",
    );

  const toolbar = canManage && (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <Button variant={hasPassword ? "secondary" : "primary"} onClick={() => setDialogOpen("password")}>
            {hasPassword ? t("resetPassword") : t("setPassword")}
          </Button>
        </ToolbarItem>
        {user.email && (
          <ToolbarItem>
            <Button variant="secondary" onClick={() => setDialogOpen("actions")}>
              {t("credentialResetBtn")}
            </Button>
          </ToolbarItem>
        )}
      </ToolbarContent>
    </Toolbar>
  );

  return (
    <>
      {toolbar}
      {credentials.isPending ? (
        <LoadingSpinner />
      ) : credentials.error ? (
        <TableErrorState error={credentials.error} onRetry={() => void refresh()} />
      ) : rows.length === 0 ? (
        <TableEmptyState title={t("noCredentials")} message={t("noCredentialsText")} />
      ) : (
        <Table aria-label={t("credentials")} variant="compact" className="kc-users-table">
          <Thead>
            <Tr>
              <Th>{t("type")}</Th>
              <Th>{t("userLabel")}</Th>
              <Th>{t("created")}</Th>
              {canManage && <Th screenReaderText={t("userActions")} />}
            </Tr>
          </Thead>
          <Tbody>
            {rows.map((credential, index) => (
              <Tr key={credential.id} data-credential-type={credential.type}>
                <Td dataLabel={t("type")}>{typeName(credential.type)}</Td>
                <Td dataLabel={t("userLabel")}>
                  <CredentialLabelCell
                    label={credential.userLabel}
                    type={credential.type ?? ""}
                    canEdit={canManage}
                    onSave={(label) =>
                      run(
                        () => renameCredential(adminClient, realm, user.id!, credential.id!, label),
                        "updateCredentialUserLabelSuccess",
                        "updateCredentialUserLabelError",
                      )
                    }
                  />
                </Td>
                <Td dataLabel={t("created")}>
                  {credential.createdDate ? new Date(credential.createdDate).toLocaleString() : ""}
                </Td>
                {canManage && (
                  <Td isActionCell modifier="nowrap">
                    <Button
                      variant="plain"
                      aria-label={t("credentialsMoveUp", { type: credential.type })}
                      icon={<ArrowUpIcon />}
                      isDisabled={index === 0}
                      onClick={() => move(credential, index - 1)}
                    />
                    <Button
                      variant="plain"
                      aria-label={t("credentialsMoveDown", { type: credential.type })}
                      icon={<ArrowDownIcon />}
                      isDisabled={index === rows.length - 1}
                      onClick={() => move(credential, index + 1)}
                    />
                    <Button
                      variant="plain"
                      isDanger
                      aria-label={`${t("credentialsDelete")} ${credential.type}`}
                      icon={<TrashIcon />}
                      onClick={() => remove(credential)}
                    />
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
      {dialogOpen === "password" && (
        <ResetPasswordDialog
          userId={user.id!}
          username={user.username}
          isReset={hasPassword}
          onClose={() => setDialogOpen(undefined)}
          onDone={() => {
            setDialogOpen(undefined);
            events.updated(user.id!, user.username);
            void refresh();
            void queryClient.invalidateQueries({ queryKey: ["users", realm, "user", user.id] });
          }}
        />
      )}
      {dialogOpen === "actions" && <ResetActionsDialog userId={user.id!} onClose={() => setDialogOpen(undefined)} />}
      {dialog}
    </>
  );
}
