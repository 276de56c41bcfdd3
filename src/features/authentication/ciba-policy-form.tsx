import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { NumberControl, SelectControl, SubmitButton, useKcForm } from "../../core/ui/form/index.ts";
import { useSavePolicy } from "./use-save-policy.ts";
import "./messages.ts";

/** Keycloak keeps the CIBA policy in realm attributes. */
interface CibaValues {
  cibaBackchannelTokenDeliveryMode: string;
  cibaExpiresIn: number;
  cibaInterval: number;
  cibaAuthRequestedUserHint: string;
}

const valuesOf = (realm: RealmRepresentation): CibaValues => {
  const attributes = (realm.attributes ?? {}) as Record<string, string | undefined>;
  return {
    cibaBackchannelTokenDeliveryMode: attributes.cibaBackchannelTokenDeliveryMode ?? "poll",
    cibaExpiresIn: Number(attributes.cibaExpiresIn ?? 120),
    cibaInterval: Number(attributes.cibaInterval ?? 5),
    cibaAuthRequestedUserHint: attributes.cibaAuthRequestedUserHint ?? "login_hint",
  };
};

/** CIBA policy: token delivery mode, expiry, polling interval and the user hint (only `login_hint`). */
export function CibaPolicyForm({ realm }: { realm: RealmRepresentation }) {
  const { t } = useMessages();
  const form = useKcForm<CibaValues>({ defaultValues: valuesOf(realm) });
  const save = useSavePolicy("updateCibaSuccess", "updateCibaError");
  const submit = form.handleSubmit(async (values) => {
    const attributes = {
      ...realm.attributes,
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
    };
    if (await save({ attributes })) form.reset(values);
  });
  return (
    <FormProvider {...form}>
      <Form isHorizontal isWidthLimited onSubmit={submit} aria-label={t("cibaPolicy")}>
        <SelectControl<CibaValues>
          name="cibaBackchannelTokenDeliveryMode"
          label={t("cibaBackchannelTokenDeliveryMode")}
          options={[
            { value: "poll", label: t("authnCibaPoll") },
            { value: "ping", label: t("authnCibaPing") },
          ]}
        />
        <NumberControl<CibaValues>
          name="cibaExpiresIn"
          label={t("cibaExpiresIn")}
          labelHelp={t("cibaExpiresInHelp")}
          min={10}
          max={600}
          unit={t("authnSeconds")}
          rules={{ min: 10, max: 600 }}
        />
        <NumberControl<CibaValues>
          name="cibaInterval"
          label={t("cibaInterval")}
          min={0}
          max={600}
          unit={t("authnSeconds")}
          rules={{ min: 0, max: 600 }}
        />
        <SelectControl<CibaValues>
          name="cibaAuthRequestedUserHint"
          label={t("cibaAuthRequestedUserHint")}
          options={[{ value: "login_hint", label: t("authnLoginHint") }]}
          isDisabled
        />
        <ActionGroup>
          <SubmitButton<CibaValues>>{t("save")}</SubmitButton>
          <Button variant="link" onClick={() => form.reset(valuesOf(realm))}>
            {t("reload")}
          </Button>
        </ActionGroup>
      </Form>
    </FormProvider>
  );
}
