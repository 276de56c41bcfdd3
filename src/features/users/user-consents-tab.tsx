import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { fetchConsents, linkKeys, revokeConsent } from "./link-queries.ts";
import { SimpleList } from "./simple-list.tsx";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

const formatDate = (time?: number) => (time ? new Date(time).toLocaleString() : "");

/** The clients the user consented to, with granted scopes; revoke. */
export function UserConsentsTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const mutate = useUserMutation(user);
  const { confirm, dialog } = useConfirm();
  const key = linkKeys.consents(realm, user.id!);
  const consents = useQuery({ queryKey: key, queryFn: () => fetchConsents(adminClient, realm, user.id!) });
  const revoke = async (clientId: string) => {
    if (
      !(await confirm({
        title: t("revokeClientScopesTitle"),
        confirmLabel: t("revoke"),
        variant: "destructive",
      }))
    )
      return;
    await mutate(() => revokeConsent(adminClient, realm, user.id!, clientId), {
      success: "deleteGrantsSuccess",
      failure: "deleteGrantsError",
      queryKey: key,
    });
  };
  return (
    <>
      <SimpleList
        query={consents}
        ariaLabel={t("consents")}
        rowKey={(consent) => consent.clientId ?? ""}
        empty={{ title: t("noConsents"), message: t("noConsentsText") }}
        columns={[
          { title: t("client"), cell: (consent) => consent.clientId },
          {
            title: t("grantedClientScopes"),
            cell: (consent) => (
              <LabelGroup>
                {(consent.grantedClientScopes ?? []).map((scope) => (
                  <Label key={scope} isCompact>
                    {scope}
                  </Label>
                ))}
              </LabelGroup>
            ),
          },
          { title: t("created"), cell: (consent) => formatDate(consent.createdDate) },
          { title: t("lastUpdated"), cell: (consent) => formatDate(consent.lastUpdatedDate) },
        ]}
        actions={
          canManage
            ? (consent) => (
                <Button
                  variant="link"
                  isDanger
                  onClick={() => revoke(consent.clientId!)}
                  aria-label={`${t("revoke")} ${consent.clientId}`}
                >
                  {t("revoke")}
                </Button>
              )
            : undefined
        }
      />
      {dialog}
    </>
  );
}
