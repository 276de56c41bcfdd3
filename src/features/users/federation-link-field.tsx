import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import "./messages.ts";

/** A federated user's provider by its name (GET user-storage/{id}/name), linking to its page as upstream does. */
export function FederationLinkField({ providerId }: { providerId: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const name = useQuery({
    queryKey: ["user-storage-name", realm, providerId],
    queryFn: async () => (await adminClient.userStorageProvider.name({ realm, id: providerId })).name,
  }).data;
  const to = `/${realm}/user-federation/ldap/${encodeURIComponent(providerId)}/settings`;
  return (
    <FormGroup label={t("federationLink")} fieldId="kc-user-federation">
      <Button
        id="kc-user-federation"
        variant="link"
        isInline
        component={(props: object) => <Link {...props} to={to} />}
      >
        {name ?? providerId}
      </Button>
    </FormGroup>
  );
}
