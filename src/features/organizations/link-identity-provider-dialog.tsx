import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form, FormGroup, FormHelperText } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { SingleSelect } from "../../core/ui/overlays/single-select.tsx";
import { PICKER_RESULT_SIZE, SearchSelect } from "../../core/ui/pickers/index.ts";
import { useDebouncedValue } from "../../core/ui/pickers/use-debounced-value.ts";
import { domainNames } from "./domain-names.ts";
import {
  ANY_DOMAIN,
  fetchLinkableProviders,
  linkableProvidersKey,
  linkedProvidersKey,
  linkOptionsOf,
  linkProvider,
  saveLinkOptions,
  type IdentityProvider,
  type LinkOptions,
} from "./identity-provider-queries.ts";
import type { Organization } from "./organization-queries.ts";
import "./messages.ts";

export interface LinkIdentityProviderDialogProps {
  organization: Organization;
  /** Edits this linked provider's options; links a new one without it. */
  linked?: IdentityProvider;
  onClose(changed: boolean): void;
}

/**
 * Links a realm identity provider (searched on the server among those not linked yet) with a domain
 * and the redirect-when-email-domain-matches option. The options live on the provider, so they are
 * offered only to users who may manage identity providers.
 */
export function LinkIdentityProviderDialog({ organization, linked, onClose }: LinkIdentityProviderDialogProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canEditProviders = useAccess().hasAccess("manage-identity-providers");
  const titleId = useId();
  const orgId = organization.id ?? "";
  const [alias, setAlias] = useState(linked?.alias ?? "");
  const [options, setOptions] = useState<LinkOptions>(
    linked ? linkOptionsOf(linked) : { redirectWhenEmailMatches: false, hideOnLogin: false },
  );
  const [search, setSearch] = useState("");
  const [isSaving, setSaving] = useState(false);
  const [aliasMissing, setAliasMissing] = useState(false);
  // One server search per typing pause, not per key.
  const settledSearch = useDebouncedValue(search);
  const providers = useQuery({
    queryKey: linkableProvidersKey(realm, settledSearch),
    queryFn: () => fetchLinkableProviders(adminClient, realm, settledSearch, PICKER_RESULT_SIZE),
    enabled: !linked,
  });
  const providerChoices = (providers.data ?? []).map((provider) => ({
    value: provider.alias ?? "",
    label: provider.displayName || provider.alias || "",
    description: provider.providerId,
  }));
  const domainChoices = [
    { value: "", label: "—" },
    { value: ANY_DOMAIN, label: t("any") },
    ...domainNames(organization.domains).map((name) => ({ value: name, label: name })),
  ];

  const save = async () => {
    if (!alias) {
      setAliasMissing(true);
      return;
    }
    setSaving(true);
    try {
      if (!linked) await linkProvider(adminClient, realm, orgId, alias);
      if (canEditProviders) await saveLinkOptions(adminClient, realm, alias, options);
      addAlert(linked ? t("linkUpdatedSuccessful") : t("linkSuccessful"));
      await queryClient.invalidateQueries({ queryKey: linkedProvidersKey(realm, orgId) });
      await queryClient.invalidateQueries({ queryKey: ["identity-providers", realm] });
      onClose(true);
    } catch (error) {
      addError("linkError", error);
      setSaving(false);
    }
  };

  return (
    <Modal variant="small" isOpen onClose={() => onClose(false)} aria-labelledby={titleId}>
      <ModalHeader title={linked ? t("orgEditIdpTitle") : t("linkIdentityProvider")} labelId={titleId} />
      <ModalBody>
        <Form onSubmit={(event) => event.preventDefault()}>
          <FormGroup label={t("identityProvider")} fieldId="org-link-idp-alias" isRequired>
            {linked ? (
              <span id="org-link-idp-alias">{linked.displayName || linked.alias}</span>
            ) : (
              <SearchSelect
                id="org-link-idp-alias"
                aria-label={t("identityProvider")}
                placeholder={
                  providers.data?.length === 0 && !search ? t("noIdentityProvider") : t("selectIdentityProvider")
                }
                options={providerChoices}
                values={alias ? [alias] : []}
                onChange={(values) => {
                  setAlias(values[0] ?? "");
                  setAliasMissing(false);
                }}
                onFilterChange={setSearch}
                isLoading={providers.isPending}
              />
            )}
            {aliasMissing && (
              <FormHelperText>
                <HelperText>
                  <HelperTextItem variant="error" aria-live="polite">
                    {t("orgIdpRequired")}
                  </HelperTextItem>
                </HelperText>
              </FormHelperText>
            )}
          </FormGroup>
          {canEditProviders && (
            <>
              <FormGroup label={t("domain")} fieldId="org-link-idp-domain">
                <SingleSelect
                  id="org-link-idp-domain"
                  options={domainChoices}
                  value={options.domain ?? ""}
                  onChange={(domain) => setOptions({ ...options, domain: domain || undefined })}
                />
              </FormGroup>
              <FormGroup label={t("redirectWhenEmailMatches")} fieldId="org-link-idp-redirect">
                <Switch
                  id="org-link-idp-redirect"
                  aria-label={t("redirectWhenEmailMatches")}
                  aria-describedby="org-link-idp-redirect-help"
                  isChecked={options.redirectWhenEmailMatches}
                  onChange={(_event, checked) => setOptions({ ...options, redirectWhenEmailMatches: checked })}
                />
                <FormHelperText>
                  <HelperText>
                    <HelperTextItem id="org-link-idp-redirect-help">{t("redirectWhenEmailMatchesHelp")}</HelperTextItem>
                  </HelperText>
                </FormHelperText>
              </FormGroup>
              <FormGroup label={t("hideOnLoginPage")} fieldId="org-link-idp-hide">
                <Switch
                  id="org-link-idp-hide"
                  aria-label={t("hideOnLoginPage")}
                  isChecked={options.hideOnLogin}
                  onChange={(_event, checked) => setOptions({ ...options, hideOnLogin: checked })}
                />
              </FormGroup>
            </>
          )}
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void save()} isDisabled={isSaving} isLoading={isSaving}>
          {t("save")}
        </Button>
        <Button variant="link" onClick={() => onClose(false)}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
