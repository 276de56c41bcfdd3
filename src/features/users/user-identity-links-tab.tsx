import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import {
  fetchFederatedIdentities,
  fetchIdentityProviders,
  linkIdentity,
  linkKeys,
  unlinkIdentity,
} from "./link-queries.ts";
import { LinkIdentityDialog } from "./link-identity-dialog.tsx";
import { SimpleList } from "./simple-list.tsx";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

/** Linked identity providers (unlink) and the realm's other providers (link with the user's id and name there). */
export function UserIdentityLinksTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const mutate = useUserMutation(user);
  const { confirm, dialog } = useConfirm();
  const [linking, setLinking] = useState<string>();
  const key = linkKeys.identities(realm, user.id!);
  const identities = useQuery({ queryKey: key, queryFn: () => fetchFederatedIdentities(adminClient, realm, user.id!) });
  const providers = useQuery({
    queryKey: linkKeys.providers(realm),
    queryFn: () => fetchIdentityProviders(adminClient, realm),
    enabled: access.hasAccess("view-identity-providers"),
  });
  const linked = new Set((identities.data ?? []).map((identity) => identity.identityProvider));
  const available = {
    ...providers,
    data: providers.data?.filter((provider) => !linked.has(provider.alias)),
  } as typeof providers;

  const unlink = async (provider: string) => {
    if (
      !(await confirm({
        title: t("idpLinksUnlinkConfirm", { provider }),
        confirmLabel: t("idpLinksUnlink"),
        variant: "destructive",
      }))
    )
      return;
    await mutate(() => unlinkIdentity(adminClient, realm, user.id!, provider), {
      success: "idpLinksUnlinked",
      failure: "idpLinksUnlinkFailed",
      queryKey: key,
    });
  };

  return (
    <>
      <Title headingLevel="h2" size="lg">
        {t("idpLinksTableLabel")}
      </Title>
      <SimpleList
        query={identities}
        ariaLabel={t("idpLinksTableLabel")}
        rowKey={(identity) => identity.identityProvider ?? ""}
        empty={{ title: t("idpLinksNone"), message: "" }}
        columns={[
          { title: t("idpLinksProvider"), cell: (identity) => identity.identityProvider },
          { title: t("idpLinksUserId"), cell: (identity) => identity.userId },
          { title: t("idpLinksUsername"), cell: (identity) => identity.userName },
        ]}
        actions={
          canManage
            ? (identity) => (
                <Button
                  variant="link"
                  onClick={() => unlink(identity.identityProvider!)}
                  aria-label={`${t("idpLinksUnlink")} ${identity.identityProvider}`}
                >
                  {t("idpLinksUnlink")}
                </Button>
              )
            : undefined
        }
      />
      {access.hasAccess("view-identity-providers") && (
        <>
          <Title headingLevel="h2" size="lg" style={{ marginTop: "var(--pf-t--global--spacer--lg)" }}>
            {t("idpLinksAvailableLabel")}
          </Title>
          <SimpleList
            query={available}
            ariaLabel={t("idpLinksAvailableLabel")}
            rowKey={(provider) => provider.alias ?? ""}
            empty={{ title: t("idpLinksNoneAvailable"), message: "" }}
            columns={[{ title: t("idpLinksProvider"), cell: (provider) => provider.displayName || provider.alias }]}
            actions={
              canManage
                ? (provider) => (
                    <Button
                      variant="link"
                      onClick={() => setLinking(provider.alias)}
                      aria-label={`${t("idpLinksLink")} ${provider.alias}`}
                    >
                      {t("idpLinksLink")}
                    </Button>
                  )
                : undefined
            }
          />
        </>
      )}
      {linking && (
        <LinkIdentityDialog
          provider={linking}
          onClose={() => setLinking(undefined)}
          onLink={(values) =>
            mutate(() => linkIdentity(adminClient, realm, user.id!, values), {
              success: "idpLinksLinked",
              failure: "idpLinksLinkFailed",
              queryKey: key,
            })
          }
        />
      )}
      {dialog}
    </>
  );
}
