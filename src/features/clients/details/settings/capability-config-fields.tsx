import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Grid, GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import { FormField, SwitchControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { isFeatureEnabled } from "../../../../core/api/server-info.ts";
import { useServerInfoQuery } from "../../../../core/runtime/shared-queries.ts";
import type { ClientFormValues } from "./client-form-values.ts";
import { FlowCheckbox } from "./flow-checkbox.tsx";
import { PkceFields } from "./pkce-fields.tsx";
import "../../messages.ts";

/**
 * OIDC capabilities: client authentication, authorization, the authentication flows, PKCE and (with the DPOP
 * feature on) DPoP bound tokens. Service accounts, authorization and CIBA need client authentication (a confidential client).
 */
export function CapabilityConfigFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const { control, setValue } = useFormContext<ClientFormValues>();
  const serverInfo = useServerInfoQuery();
  const [confidential, authorization] = useWatch({
    control,
    name: ["clientAuthentication", "authorizationServicesEnabled"],
  });

  useEffect(() => {
    if (authorization) setValue("serviceAccountsEnabled", true, { shouldDirty: true });
  }, [authorization, setValue]);

  return (
    <>
      <SwitchControl<ClientFormValues>
        name="clientAuthentication"
        label={t("clientAuthentication")}
        labelHelp={t("clientAuthenticationHelp")}
        isDisabled={isDisabled}
      />
      <SwitchControl<ClientFormValues>
        name="authorizationServicesEnabled"
        label={t("clientAuthorization")}
        labelHelp={t("authorizationHelp")}
        isDisabled={isDisabled || !confidential}
      />
      <FormField id="kc-client-flows" label={t("authenticationFlow")} role="group">
        <Grid hasGutter>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox name="standardFlowEnabled" label={t("standardFlow")} isDisabled={isDisabled} />
          </GridItem>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox name="directAccessGrantsEnabled" label={t("directAccess")} isDisabled={isDisabled} />
          </GridItem>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox name="implicitFlowEnabled" label={t("implicitFlow")} isDisabled={isDisabled} />
          </GridItem>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox
              name="serviceAccountsEnabled"
              label={t("serviceAccount")}
              isDisabled={isDisabled || !confidential || authorization}
            />
          </GridItem>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox name="deviceGrant" label={t("oauthDeviceAuthorizationGrant")} isDisabled={isDisabled} />
          </GridItem>
          <GridItem lg={6} sm={12}>
            <FlowCheckbox name="cibaGrant" label={t("oidcCibaGrant")} isDisabled={isDisabled || !confidential} />
          </GridItem>
        </Grid>
      </FormField>
      <PkceFields isDisabled={isDisabled} />
      {isFeatureEnabled(serverInfo.data, "DPOP") && (
        <SwitchControl<ClientFormValues>
          name="dpopBoundAccessTokens"
          label={t("oAuthDPoP")}
          labelHelp={t("oAuthDPoPHelp")}
          isDisabled={isDisabled}
        />
      )}
    </>
  );
}
