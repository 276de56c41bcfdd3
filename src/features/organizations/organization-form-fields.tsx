import { MultiValueControl } from "../../core/ui/form/multi-value-control.tsx";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextAreaControl } from "../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import type { OrganizationFormValues } from "./organization-form-values.ts";
import "./messages.ts";

const HTTP_URL = /^https?:\/\/\S+$/;

/** Name, alias, domains, redirect URL, description and enabled; inside a FormProvider. */
export function OrganizationFormFields({ isNew }: { isNew: boolean }) {
  const { t } = useMessages();
  return (
    <>
      <TextControl<OrganizationFormValues>
        name="name"
        label={t("name")}
        rules={{
          required: t("orgNameRequired"),
          validate: (value) => String(value).trim() !== "" || t("orgNameRequired"),
        }}
      />
      <TextControl<OrganizationFormValues>
        name="alias"
        label={t("alias")}
        isReadOnly={!isNew}
        helperText={t("organizationAliasHelp")}
      />
      <MultiValueControl<OrganizationFormValues>
        name="domains"
        label={t("domains")}
        rules={{
          required: t("orgDomainRequired"),
          validate: (value) =>
            (Array.isArray(value) && value.some((domain) => String(domain).trim() !== "")) || t("orgDomainRequired"),
        }}
      />
      <TextControl<OrganizationFormValues>
        name="redirectUrl"
        type="url"
        label={t("redirectUrl")}
        helperText={t("organizationRedirectUrlHelp")}
        rules={{
          validate: (value) =>
            !String(value ?? "").trim() || HTTP_URL.test(String(value).trim()) || t("orgRedirectUrlInvalid"),
        }}
      />
      <TextAreaControl<OrganizationFormValues> name="description" label={t("description")} />
      <SwitchControl<OrganizationFormValues> name="enabled" label={t("enabled")} defaultValue />
    </>
  );
}
