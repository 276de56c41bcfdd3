import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { FormField, MultiSelect } from "../../../../core/ui/form/index.ts";
import { ClientPicker, UserPicker } from "../../../../core/ui/pickers/index.ts";
import { EvaluateMappers } from "./evaluate-mappers.tsx";
import { scopeParameter, type EvaluateInput } from "./evaluate-queries.ts";
import { EvaluateRoles } from "./evaluate-roles.tsx";
import { EvaluateToken } from "./evaluate-token.tsx";
import "../client-scopes-messages.ts";

type ResultTab = "mappers" | "roles" | "accessToken" | "idToken" | "userInfo";

/**
 * `clients/:clientId/clientScopes/evaluate`: what tokens of this client hold for the chosen optional
 * scopes, user and audience; "Compare" generates them a second time (other user or scopes) and diffs.
 */
export function EvaluateTab({ client }: { client: ClientRepresentation }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const id = client.id!;
  const [optional, setOptional] = useState<string[]>([]);
  const [user, setUser] = useState<string[]>([]);
  const [audience, setAudience] = useState<string[]>([]);
  const [isComparing, setComparing] = useState(false);
  const [compareUser, setCompareUser] = useState<string[]>([]);
  const [compareOptional, setCompareOptional] = useState<string[]>([]);
  const [result, setResult] = useState<ResultTab>("mappers");
  const optionalScopes = useQuery({
    queryKey: ["clients", realm, "client", id, "optional-client-scopes"],
    queryFn: () => adminClient.clients.listOptionalClientScopes({ realm, id }),
  });
  const scopeChoices = (optionalScopes.data ?? [])
    .map((scope) => ({ value: scope.name ?? "", label: scope.name ?? "" }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const scope = scopeParameter(optional);
  const input: EvaluateInput = { scope, userId: user[0] ?? "", audience: audience[0] ?? "" };
  const compare: EvaluateInput | undefined = isComparing
    ? { scope: scopeParameter(compareOptional), userId: compareUser[0] ?? user[0] ?? "", audience: input.audience }
    : undefined;
  const protocol = client.protocol ?? "openid-connect";

  return (
    <>
      <Content component="p" style={{ marginBlock: "1rem" }}>
        {t("evaluateExplain")}
      </Content>
      <Form isHorizontal onSubmit={(event) => event.preventDefault()} style={{ maxWidth: "52rem" }}>
        <FormField id="kc-evaluate-scopes" label={t("clientScopesToAdd")} labelHelp={t("scopeParameterHelp")}>
          <MultiSelect
            id="kc-evaluate-scopes"
            options={scopeChoices}
            value={optional}
            onChange={setOptional}
            isTypeahead
            placeholder={t("scopeParameterPlaceholder")}
          />
        </FormField>
        <FormField id="kc-evaluate-scope-parameter" label={t("scopeParameter")}>
          <TextInput id="kc-evaluate-scope-parameter" value={scope} readOnlyVariant="default" />
        </FormField>
        <FormField id="kc-evaluate-user" label={t("user")} labelHelp={t("userHelp")}>
          <UserPicker id="kc-evaluate-user" aria-label={t("user")} values={user} onChange={setUser} isMulti={false} />
        </FormField>
        {protocol === "openid-connect" && (
          <FormField id="kc-evaluate-audience" label={t("audienceTarget")} labelHelp={t("audienceTargetHelp")}>
            <ClientPicker
              id="kc-evaluate-audience"
              aria-label={t("audienceTarget")}
              values={audience}
              onChange={setAudience}
              isMulti={false}
            />
          </FormField>
        )}
        <FormField id="kc-evaluate-compare" label={t("compareTokens")} labelHelp={t("compareTokensHelp")}>
          <Switch
            id="kc-evaluate-compare"
            aria-label={t("compareTokens")}
            isChecked={isComparing}
            onChange={(_event, checked) => setComparing(checked)}
          />
        </FormField>
        {isComparing && (
          <>
            <FormField id="kc-evaluate-compare-user" label={t("compareUser")}>
              <UserPicker
                id="kc-evaluate-compare-user"
                aria-label={t("compareUser")}
                values={compareUser}
                onChange={setCompareUser}
                isMulti={false}
              />
            </FormField>
            <FormField id="kc-evaluate-compare-scopes" label={t("compareScopes")}>
              <MultiSelect
                id="kc-evaluate-compare-scopes"
                options={scopeChoices}
                value={compareOptional}
                onChange={setCompareOptional}
                isTypeahead
                placeholder={t("scopeParameterPlaceholder")}
              />
            </FormField>
          </>
        )}
      </Form>
      <Tabs
        activeKey={result}
        onSelect={(_event, key) => setResult(key as ResultTab)}
        aria-label={t("evaluateSubTabs")}
        style={{ marginBlockStart: "1.5rem" }}
        mountOnEnter
        unmountOnExit
      >
        <Tab eventKey="mappers" title={<TabTitleText>{t("effectiveProtocolMappers")}</TabTitleText>}>
          <EvaluateMappers clientId={id} clientName={client.clientId ?? ""} protocol={protocol} scope={scope} />
        </Tab>
        <Tab eventKey="roles" title={<TabTitleText>{t("effectiveRoleScopeMappings")}</TabTitleText>}>
          <EvaluateRoles clientId={id} scope={scope} />
        </Tab>
        <Tab eventKey="accessToken" title={<TabTitleText>{t("generatedAccessToken")}</TabTitleText>}>
          <EvaluateToken clientId={id} kind="accessToken" input={input} compare={compare} />
        </Tab>
        <Tab eventKey="idToken" title={<TabTitleText>{t("generatedIdToken")}</TabTitleText>}>
          <EvaluateToken clientId={id} kind="idToken" input={input} compare={compare} />
        </Tab>
        <Tab eventKey="userInfo" title={<TabTitleText>{t("generatedUserInfo")}</TabTitleText>}>
          <EvaluateToken clientId={id} kind="userInfo" input={input} compare={compare} />
        </Tab>
      </Tabs>
    </>
  );
}
