import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import {
  MultiSelectControl,
  MultiValueControl,
  NumberControl,
  SelectControl,
  SubmitButton,
  SwitchControl,
  TextControl,
  useKcForm,
} from "../../core/ui/form/index.ts";
import { useSavePolicy } from "./use-save-policy.ts";
import "./messages.ts";

/** Field names without the `webAuthnPolicy` / `webAuthnPolicyPasswordless` prefix. */
interface WebAuthnValues {
  RpEntityName: string;
  SignatureAlgorithms: string[];
  RpId: string;
  AttestationConveyancePreference: string;
  AuthenticatorAttachment: string;
  RequireResidentKey: string;
  UserVerificationRequirement: string;
  CreateTimeout: number;
  AvoidSameAuthenticatorRegister: boolean;
  AcceptableAaguids: string[];
  ExtraOrigins: string[];
  PasskeysEnabled: boolean;
}

const ALGORITHMS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "RS1", "Ed25519"];
const NOT_SPECIFIED = "not specified";

type Fields = Record<string, unknown>;

function valuesOf(realm: RealmRepresentation, prefix: string): WebAuthnValues {
  const rep = realm as Fields;
  const read = <T,>(name: string, fallback: T) => (rep[`${prefix}${name}`] as T | undefined) ?? fallback;
  return {
    RpEntityName: read("RpEntityName", "keycloak"),
    SignatureAlgorithms: read("SignatureAlgorithms", ["ES256", "RS256"]),
    RpId: read("RpId", ""),
    AttestationConveyancePreference: read("AttestationConveyancePreference", NOT_SPECIFIED),
    AuthenticatorAttachment: read("AuthenticatorAttachment", NOT_SPECIFIED),
    RequireResidentKey: read("RequireResidentKey", NOT_SPECIFIED),
    UserVerificationRequirement: read("UserVerificationRequirement", NOT_SPECIFIED),
    CreateTimeout: read("CreateTimeout", 0),
    AvoidSameAuthenticatorRegister: read("AvoidSameAuthenticatorRegister", false),
    AcceptableAaguids: read("AcceptableAaguids", []),
    ExtraOrigins: read("ExtraOrigins", []),
    PasskeysEnabled: read("PasskeysEnabled", false),
  };
}

/** WebAuthn policy or WebAuthn passwordless policy: every field of Keycloak's realm representation. */
export function WebAuthnPolicyForm({ realm, passwordless }: { realm: RealmRepresentation; passwordless: boolean }) {
  const { t } = useMessages();
  const prefix = passwordless ? "webAuthnPolicyPasswordless" : "webAuthnPolicy";
  const form = useKcForm<WebAuthnValues>({ defaultValues: valuesOf(realm, prefix) });
  const save = useSavePolicy("webAuthnUpdateSuccess", "webAuthnUpdateError");
  const choices = (values: string[]) =>
    values.map((value) => ({ value, label: value === NOT_SPECIFIED ? t("authnNotSpecified") : value }));
  const submit = form.handleSubmit(async (values) => {
    const { PasskeysEnabled, ...common } = values;
    const fields: Fields = Object.fromEntries(
      Object.entries(common).map(([name, value]) => [
        `${prefix}${name}`,
        Array.isArray(value) ? value.filter(Boolean) : value,
      ]),
    );
    if (passwordless) fields[`${prefix}PasskeysEnabled`] = PasskeysEnabled;
    if (await save(fields as RealmRepresentation)) form.reset(values);
  });
  return (
    <FormProvider {...form}>
      <Form
        isHorizontal
        isWidthLimited
        onSubmit={submit}
        aria-label={t(passwordless ? "webauthnPasswordlessPolicy" : "webauthnPolicy")}
      >
        <TextControl<WebAuthnValues>
          name="RpEntityName"
          label={t("webAuthnPolicyRpEntityName")}
          rules={{ required: true }}
        />
        <MultiSelectControl<WebAuthnValues>
          name="SignatureAlgorithms"
          label={t("webAuthnPolicySignatureAlgorithms")}
          options={ALGORITHMS.map((value) => ({ value, label: value }))}
        />
        <TextControl<WebAuthnValues> name="RpId" label={t("webAuthnPolicyRpId")} />
        <SelectControl<WebAuthnValues>
          name="AttestationConveyancePreference"
          label={t("webAuthnPolicyAttestationConveyancePreference")}
          options={choices([NOT_SPECIFIED, "none", "indirect", "direct", "enterprise"])}
        />
        <SelectControl<WebAuthnValues>
          name="AuthenticatorAttachment"
          label={t("webAuthnPolicyAuthenticatorAttachment")}
          options={choices([NOT_SPECIFIED, "platform", "cross-platform"])}
        />
        <SelectControl<WebAuthnValues>
          name="RequireResidentKey"
          label={t("webAuthnPolicyRequireResidentKey")}
          options={choices([NOT_SPECIFIED, "Yes", "No"])}
        />
        <SelectControl<WebAuthnValues>
          name="UserVerificationRequirement"
          label={t("webAuthnPolicyUserVerificationRequirement")}
          options={choices([NOT_SPECIFIED, "required", "preferred", "discouraged"])}
        />
        <NumberControl<WebAuthnValues>
          name="CreateTimeout"
          label={t("webAuthnPolicyCreateTimeout")}
          min={0}
          max={31536}
          unit={t("authnSeconds")}
        />
        <SwitchControl<WebAuthnValues>
          name="AvoidSameAuthenticatorRegister"
          label={t("webAuthnPolicyAvoidSameAuthenticatorRegister")}
        />
        <MultiValueControl<WebAuthnValues> name="AcceptableAaguids" label={t("webAuthnPolicyAcceptableAaguids")} />
        <MultiValueControl<WebAuthnValues> name="ExtraOrigins" label={t("webAuthnPolicyExtraOrigins")} />
        {passwordless && (
          <SwitchControl<WebAuthnValues>
            name="PasskeysEnabled"
            label={t("webAuthnPolicyPasswordlessPasskeysEnabled")}
          />
        )}
        <ActionGroup>
          <SubmitButton<WebAuthnValues>>{t("save")}</SubmitButton>
          <Button variant="link" onClick={() => form.reset(valuesOf(realm, prefix))}>
            {t("reload")}
          </Button>
        </ActionGroup>
      </Form>
    </FormProvider>
  );
}
