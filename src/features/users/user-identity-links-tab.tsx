import { useState } from "react";
import type IdentityProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderRepresentation.js";
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
  fetchIdentityProviderPage,
  linkIdentity,
  linkKeys,
  unlinkIdentity,
} from "./link-queries.ts";
import { LinkIdentityDialog } from "./link-identity-dialog.tsx";
import { SimpleList } from "./simple-list.tsx";
import { DataTable } from "../../core/ui/table/index.ts";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

/** Linked identity providers (unlink) and the realm's providers, paged and searched on the server (link the ones not linked). */
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
  const linked = new Set((identities.data ?? []).map((identity) => identity.identityProvider));

  const unlink = async (provider: string) => {
    if (
      !(await confirm({
        title: t("unlinkAccountTitle", { provider }),
        confirmLabel: t("unlinkAccount"),
        variant: "destructive",
      }))
    )
      return;
    await mutate(() => unlinkIdentity(adminClient, realm, user.id!, provider), {
      success: "idpUnlinkSuccess",
      failure: "idpLinksUnlinkFailed",
      queryKey: key,
    });
  };

  return (
    <>
      <Title headingLevel="h2" size="lg">
        {t("linkedIdPs")}
      </Title>
      <SimpleList
        query={identities}
        ariaLabel={t("linkedIdPs")}
        rowKey={(identity) => identity.identityProvider ?? ""}
        empty={{ title: t("noProvidersLinked"), message: "" }}
        columns={[
          { title: t("identityProvider"), cell: (identity) => identity.identityProvider },
          { title: t("userId"), cell: (identity) => identity.userId },
          { title: t("username"), cell: (identity) => identity.userName },
        ]}
        actions={
          canManage
            ? (identity) => (
                <Button
                  variant="link"
                  onClick={() => unlink(identity.identityProvider!)}
                  aria-label={`${t("unlinkAccount")} ${identity.identityProvider}`}
                >
                  {t("unlinkAccount")}
                </Button>
              )
            : undefined
        }
      />
      {access.hasAccess("view-identity-providers") && (
        <>
          <Title headingLevel="h2" size="lg" style={{ marginTop: "var(--pf-t--global--spacer--lg)" }}>
            {t("availableIdPs")}
          </Title>
          <DataTable<IdentityProviderRepresentation>
            tableId="user-available-identity-providers"
            ariaLabel={t("availableIdPs")}
            loader={(first, max, search) => fetchIdentityProviderPage(adminClient, realm, first, max, search)}
            rowKey={(provider) => provider.alias ?? ""}
            isSearchable
            searchPlaceholder={t("searchForProvider")}
            emptyState={{ title: t("noAvailableIdentityProviders") }}
            refreshKey={[...linked].join(" ")}
            columns={[
              {
                name: "alias",
                title: t("identityProvider"),
                cell: (provider) => provider.displayName || provider.alias,
              },
              {
                name: "link",
                title: t("linkAccount"),
                cell: (provider) =>
                  canManage && !linked.has(provider.alias!) ? (
                    <Button
                      variant="link"
                      onClick={() => setLinking(provider.alias)}
                      aria-label={`${t("linkAccount")} ${provider.alias}`}
                    >
                      {t("linkAccount")}
                    </Button>
                  ) : linked.has(provider.alias!) ? (
                    t("linkedIdPs")
                  ) : null,
              },
            ]}
          />
        </>
      )}
      {linking && (
        <LinkIdentityDialog
          provider={linking}
          onClose={() => setLinking(undefined)}
          onLink={(values) =>
            mutate(() => linkIdentity(adminClient, realm, user.id!, values), {
              success: "idpLinkSuccess",
              failure: "couldNotLinkIdP",
              queryKey: key,
            })
          }
        />
      )}
      {dialog}
    </>
  );
}
