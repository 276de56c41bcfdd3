import { useQueryClient } from "@tanstack/react-query";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../../core/runtime/shared-queries.ts";
import { ClientAttributeSection, type AttributeField } from "./client-attribute-section.tsx";
import { ClientClusteringSection } from "./client-clustering-section.tsx";
import { ClientFlowOverridesSection } from "./client-flow-overrides-section.tsx";
import { ClientRevocationSection } from "./client-revocation-section.tsx";
import type { ClientTabProps } from "../client-tab-props.ts";
import "../client-tab-messages.ts";

/** Revocation, clustering, OIDC fine-grain and compatibility settings, lifespans and flow overrides; each saves alone. */
export function ClientAdvancedTab(props: ClientTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const providers = useServerInfo().providers ?? {};
  const { client } = props;
  const isOidc = client.protocol !== "saml";
  const names = (type: string) => Object.keys(providers[type]?.providers ?? {}).sort();
  const choices = (values: string[], empty: string) => [
    { value: "", label: empty },
    ...values.map((value) => ({ value, label: value })),
  ];
  const signature = names("signature");
  const signatureAlgorithms = signature.length > 0 ? signature : names("clientSignature");
  const select = (attribute: string, label: string, options: { value: string; label: string }[]): AttributeField => ({
    attribute,
    label: t(label),
    kind: "select",
    options,
  });
  const toggle = (attribute: string, label: string): AttributeField => ({ attribute, label: t(label), kind: "switch" });
  const time = (attribute: string, label: string): AttributeField => ({ attribute, label: t(label), kind: "time" });
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: ["clients", realm, "client", client.id], exact: true });

  return (
    <div style={{ maxWidth: "60rem", display: "grid", gap: "var(--pf-t--global--spacer--xl)" }}>
      <Form isHorizontal onSubmit={(event) => event.preventDefault()} aria-label={t("revocation")}>
        <ClientRevocationSection {...props} />
      </Form>
      {isOidc && (
        <Form isHorizontal onSubmit={(event) => event.preventDefault()} aria-label={t("clustering")}>
          <FormSection title={t("clustering")} titleElement="h2">
            <ClientClusteringSection client={client} canManage={props.canManage} onReload={reload} />
          </FormSection>
        </Form>
      )}
      {isOidc && (
        <ClientAttributeSection
          {...props}
          title={t("fineGrainOpenIdConnectConfiguration")}
          description={t("fineGrainOpenIdConnectConfigurationHelp")}
          fields={[
            select(
              "access.token.signed.response.alg",
              "accessTokenSignatureAlgorithm",
              choices(signatureAlgorithms, ""),
            ),
            select("id.token.signed.response.alg", "idTokenSignatureAlgorithm", choices(signatureAlgorithms, "")),
            select(
              "id.token.encrypted.response.alg",
              "idTokenEncryptionKeyManagementAlgorithm",
              choices(names("cekmanagement"), ""),
            ),
            select(
              "id.token.encrypted.response.enc",
              "idTokenEncryptionContentEncryptionAlgorithm",
              choices(names("contentencryption"), ""),
            ),
            select("user.info.response.signature.alg", "userInfoSignedResponseAlgorithm", [
              { value: "", label: t("clientsAlgorithmNone") },
              ...signatureAlgorithms.map((value) => ({ value, label: value })),
            ]),
            select("request.object.signature.alg", "requestObjectSignatureAlgorithm", [
              { value: "", label: t("clientsAlgorithmAny") },
              { value: "none", label: t("clientsAlgorithmNone") },
              ...signatureAlgorithms.map((value) => ({ value, label: value })),
            ]),
            select(
              "authorization.signed.response.alg",
              "authorizationSignedResponseAlg",
              choices(signatureAlgorithms, ""),
            ),
          ]}
        />
      )}
      {isOidc && (
        <ClientAttributeSection
          {...props}
          title={t("openIdConnectCompatibilityModes")}
          fields={[
            toggle("exclude.session.state.from.auth.response", "excludeSessionStateFromAuthenticationResponse"),
            toggle("exclude.issuer.from.auth.response", "excludeIssuerFromAuthenticationResponse"),
            toggle("use.refresh.tokens", "useRefreshTokens"),
            toggle("client_credentials.use_refresh_token", "useRefreshTokenForClientCredentialsGrant"),
            toggle("token.response.type.bearer.lower-case", "useLowerCaseBearerType"),
            toggle("allow.userinfo.with.lightweight.access.token", "allowUserinfoWithLightweightAccessToken"),
          ]}
        />
      )}
      {isOidc && (
        <ClientAttributeSection
          {...props}
          title={t("advancedSettings")}
          fields={[
            time("access.token.lifespan", "accessTokenLifespan"),
            time("client.session.idle.timeout", "clientSessionIdle"),
            time("client.session.max.lifespan", "clientSessionMax"),
            time("client.offline.session.idle.timeout", "clientOfflineSessionIdle"),
            select("pkce.code.challenge.method", "pkceMethod", [
              { value: "", label: t("choose") },
              { value: "plain", label: "plain" },
              { value: "S256", label: "S256" },
            ]),
            toggle("require.pushed.authorization.requests", "pushedAuthorizationRequestRequired"),
            toggle("client.use.lightweight.access.token.enabled", "lightweightAccessToken"),
          ]}
        />
      )}
      <ClientFlowOverridesSection {...props} />
    </div>
  );
}
