import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { FormField, SelectControl, useControlField } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import type { ClientFormValues } from "./client-form-values.ts";
import "../../messages.ts";

/**
 * "Require PKCE" and, while on, "PKCE Method": both edit `pkce.code.challenge.method`, as in Keycloak 26.7's
 * console. Switching on asks for S256; switching off clears the method, so the client may use PKCE but need not.
 */
export function PkceFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const label = t("pkceRequired");
  const { field, id } = useControlField<ClientFormValues>({ name: "pkceMethod", label, id: "kc-pkce-required" }, "");
  const isRequired = typeof field.value === "string" && field.value !== "";
  return (
    <>
      <FormField id={id} label={label} labelHelp={t("clientPkceRequiredHelp")}>
        <Switch
          id={id}
          isChecked={isRequired}
          onChange={(_event, checked) => field.onChange(checked ? "S256" : "")}
          isDisabled={isDisabled}
          label={isRequired ? t("on") : t("off")}
          aria-label={label}
        />
      </FormField>
      {isRequired && (
        <SelectControl<ClientFormValues>
          name="pkceMethod"
          label={t("keyForCodeExchange")}
          labelHelp={t("keyForCodeExchangeHelp")}
          options={[
            { value: "S256", label: "S256" },
            { value: "plain", label: "plain" },
          ]}
          isDisabled={isDisabled}
        />
      )}
    </>
  );
}
