import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { NumberControl, SelectControl, SubmitButton, SwitchControl, useKcForm } from "../../core/ui/form/index.ts";
import { useSavePolicy } from "./use-save-policy.ts";
import "./messages.ts";

interface OtpValues {
  otpPolicyType: string;
  otpPolicyAlgorithm: string;
  otpPolicyDigits: string;
  otpPolicyLookAheadWindow: number;
  otpPolicyPeriod: number;
  otpPolicyInitialCounter: number;
  otpPolicyCodeReusable: boolean;
}

const valuesOf = (realm: RealmRepresentation): OtpValues => ({
  otpPolicyType: realm.otpPolicyType ?? "totp",
  otpPolicyAlgorithm: realm.otpPolicyAlgorithm ?? "HmacSHA1",
  otpPolicyDigits: String(realm.otpPolicyDigits ?? 6),
  otpPolicyLookAheadWindow: realm.otpPolicyLookAheadWindow ?? 1,
  otpPolicyPeriod: realm.otpPolicyPeriod ?? 30,
  otpPolicyInitialCounter: realm.otpPolicyInitialCounter ?? 0,
  otpPolicyCodeReusable: realm.otpPolicyCodeReusable ?? false,
});

/** OTP policy: type, hash algorithm, digits, look-around window, period or initial counter, reusable codes. */
export function OtpPolicyForm({ realm }: { realm: RealmRepresentation }) {
  const { t } = useMessages();
  const form = useKcForm<OtpValues>({ defaultValues: valuesOf(realm) });
  const save = useSavePolicy("updateOtpSuccess", "updateOtpError");
  const type = form.watch("otpPolicyType");
  const submit = form.handleSubmit(async (values) => {
    const saved = await save({ ...values, otpPolicyDigits: Number(values.otpPolicyDigits) });
    if (saved) form.reset(values);
  });
  const applications = realm.otpSupportedApplications ?? [];
  return (
    <FormProvider {...form}>
      <Form isHorizontal isWidthLimited onSubmit={submit} aria-label={t("otpPolicy")}>
        <SelectControl<OtpValues>
          name="otpPolicyType"
          label={t("otpType")}
          options={[
            { value: "totp", label: t("authnOtpTotp") },
            { value: "hotp", label: t("authnOtpHotp") },
          ]}
        />
        <SelectControl<OtpValues>
          name="otpPolicyAlgorithm"
          label={t("otpHashAlgorithm")}
          options={["HmacSHA1", "HmacSHA256", "HmacSHA512"].map((value) => ({
            value,
            label: value.replace("Hmac", ""),
          }))}
        />
        <SelectControl<OtpValues>
          name="otpPolicyDigits"
          label={t("otpPolicyDigits")}
          options={["6", "8"].map((value) => ({ value, label: value }))}
        />
        <NumberControl<OtpValues> name="otpPolicyLookAheadWindow" label={t("lookAround")} min={0} max={120} />
        {type === "totp" ? (
          <NumberControl<OtpValues>
            name="otpPolicyPeriod"
            label={t("otpPolicyPeriod")}
            min={1}
            max={120}
            unit={t("authnSeconds")}
          />
        ) : (
          <NumberControl<OtpValues> name="otpPolicyInitialCounter" label={t("initialCounter")} min={1} max={120} />
        )}
        <SwitchControl<OtpValues> name="otpPolicyCodeReusable" label={t("otpPolicyCodeReusable")} />
        <FormGroup label={t("supportedApplications")} fieldId="kc-otp-supported-applications" role="group">
          <LabelGroup id="kc-otp-supported-applications">
            {applications.map((application) => (
              <Label key={application}>{t(application)}</Label>
            ))}
          </LabelGroup>
        </FormGroup>
        <ActionGroup>
          <SubmitButton<OtpValues>>{t("save")}</SubmitButton>
          <Button variant="link" onClick={() => form.reset(valuesOf(realm))}>
            {t("reload")}
          </Button>
        </ActionGroup>
      </Form>
    </FormProvider>
  );
}
