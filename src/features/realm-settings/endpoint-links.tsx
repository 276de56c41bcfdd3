import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { List, ListItem } from "@patternfly/react-core/dist/esm/components/List/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import "./messages.ts";

/** The realm's OIDC discovery document and SAML descriptor, opened in a new tab. */
export function EndpointLinks({ realm }: { realm: string }) {
  const { t } = useMessages();
  const { serverUrl } = useRuntime();
  const base = `${serverUrl.replace(/\/+$/, "")}/realms/${encodeURIComponent(realm)}`;
  return (
    <FormGroup label={t("endpoints")} fieldId="kc-endpoints" role="group">
      <List isPlain id="kc-endpoints">
        <ListItem>
          <Button
            variant="link"
            isInline
            component="a"
            href={`${base}/.well-known/openid-configuration`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("openIDEndpointConfiguration")}
          </Button>
        </ListItem>
        <ListItem>
          <Button
            variant="link"
            isInline
            component="a"
            href={`${base}/protocol/saml/descriptor`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("samlIdentityProviderMetadata")}
          </Button>
        </ListItem>
      </List>
    </FormGroup>
  );
}
