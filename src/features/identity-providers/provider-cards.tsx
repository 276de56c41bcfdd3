import { useNavigate } from "react-router";
import { Card, CardHeader, CardTitle } from "@patternfly/react-core/dist/esm/components/Card/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Gallery } from "@patternfly/react-core/dist/esm/layouts/Gallery/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Stack } from "@patternfly/react-core/dist/esm/layouts/Stack/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { toAddIdentityProvider } from "./paths.ts";
import { providerTypes, type ProviderType } from "./provider-catalogue.ts";
import "./messages.ts";

function ProviderCard({ provider }: { provider: ProviderType }) {
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const id = `idp-card-${provider.id}`;
  return (
    <Card isCompact isClickable data-testid={id}>
      <CardHeader
        selectableActions={{
          onClickAction: () => navigate(toAddIdentityProvider(realm, provider.id)),
          selectableActionId: `${id}-action`,
          selectableActionAriaLabelledby: `${id}-title`,
          name: provider.id,
        }}
      >
        <CardTitle id={`${id}-title`}>{provider.name}</CardTitle>
      </CardHeader>
    </Card>
  );
}

/** The empty list's start: one card per provider type the server offers, each opening its add form. */
export function ProviderCatalogue() {
  const { t } = useMessages();
  const { userDefined, social } = providerTypes(useServerInfo());
  return (
    <Stack hasGutter component="section" aria-label={t("noIdentityProvider")} data-testid="idp-catalogue">
      <Title headingLevel="h2">{t("noIdentityProvider")}</Title>
      <Content component="p">{t("getStarted")}</Content>
      <Title headingLevel="h3">{t("userDefined")}</Title>
      <Gallery hasGutter minWidths={{ default: "12rem" }}>
        {userDefined.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} />
        ))}
      </Gallery>
      <Title headingLevel="h3">{t("socialLogin")}</Title>
      <Gallery hasGutter minWidths={{ default: "12rem" }}>
        {social.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} />
        ))}
      </Gallery>
    </Stack>
  );
}
