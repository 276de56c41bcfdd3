import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Grid, GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import { FormProvider } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  CopyToClipboardField,
  DateTimeControl,
  EMAIL_PATTERN,
  FileUploadControl,
  KeyValueControl,
  MultiSelectControl,
  MultiValueControl,
  NumberControl,
  PasswordControl,
  SelectControl,
  SubmitButton,
  SwitchControl,
  TextAreaControl,
  TextControl,
  TimeSelectorControl,
  UnsavedChangesGuard,
  applyServerErrors,
  keyValueToMap,
  useKcForm,
  type KeyValueEntry,
} from "../../core/ui/form/index.ts";
import { JumpLinksNav } from "../../core/ui/page/jump-links-nav.tsx";
import "./messages.ts";

interface SampleValues {
  displayName: string;
  email: string;
  description: string;
  secret: string;
  enabled: boolean;
  maxSessions: number;
  theme: string;
  locale: string;
  locales: string[];
  webOrigins: string[];
  attributes: KeyValueEntry[];
  lifespan: number;
  notBefore: string;
  importFile?: unknown;
}

const THEMES = ["keycloak", "keycloak.v2", "base"].map((value) => ({ value, label: value }));
const LOCALES = ["ar", "cs", "de", "en", "es", "fr", "it", "ja", "nl", "pl", "pt-BR", "sv"].map((value) => ({
  value,
  label: new Intl.DisplayNames(["en"], { type: "language" }).of(value) ?? value,
}));

const SECTIONS = ["basics", "limits", "more"] as const;

/** A form with every control, jump links, the dirty guard, server errors and submit rules. */
export function SampleForm({ issuer }: { issuer: string }) {
  const { t } = useMessages();
  const { addAlert } = useAlerts();
  const form = useKcForm<SampleValues>({
    defaultValues: {
      displayName: "Demo realm",
      email: "",
      description: "",
      secret: "",
      enabled: true,
      maxSessions: 3,
      theme: "keycloak.v2",
      locale: "en",
      locales: ["en", "de"],
      webOrigins: ["+"],
      attributes: [{ key: "department", value: "sales" }],
      lifespan: 300,
      notBefore: "",
    },
  });
  const titles = { basics: t("catalogueBasics"), limits: t("catalogueLimits"), more: t("catalogueMore") };
  const save = form.handleSubmit(async (values) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    addAlert(
      t("catalogueSaved", { json: JSON.stringify({ ...values, attributes: keyValueToMap(values.attributes) }) }),
    );
    form.reset(values);
  });
  return (
    <Grid hasGutter>
      <GridItem md={3} className="kc-catalogue-jump-links">
        <JumpLinksNav sections={SECTIONS.map((id) => ({ id: `catalogue-${id}`, title: titles[id] }))} />
      </GridItem>
      <GridItem md={9}>
        <FormProvider {...form}>
          <Form onSubmit={save} isWidthLimited aria-label={t("catalogueFormTab")}>
            <FormSection title={titles.basics} titleElement="h2" id="catalogue-basics">
              <TextControl
                name="displayName"
                label={t("displayName")}
                labelHelp={t("catalogueDisplayNameHelp")}
                rules={{ required: true, maxLength: 40 }}
              />
              <TextControl
                name="email"
                type="email"
                label={t("email")}
                rules={{ pattern: { value: EMAIL_PATTERN, message: t("emailInvalid") } }}
              />
              <TextAreaControl name="description" label={t("description")} rules={{ maxLength: 255 }} />
              <PasswordControl name="secret" label={t("clientSecret")} rules={{ minLength: 8 }} />
              <SwitchControl name="enabled" label={t("enabled")} onText={t("enabled")} offText={t("disabled")} />
            </FormSection>
            <FormSection title={titles.limits} titleElement="h2" id="catalogue-limits">
              <NumberControl name="maxSessions" label={t("catalogueMaxSessions")} min={1} max={100} defaultValue={3} />
              <SelectControl name="theme" label={t("loginTheme")} options={THEMES} />
              <SelectControl name="locale" label={t("defaultLocale")} options={LOCALES} />
              <MultiSelectControl name="locales" label={t("supportedLocales")} options={LOCALES} />
              <MultiValueControl name="webOrigins" label={t("webOrigins")} />
              <KeyValueControl name="attributes" label={t("attributes")} />
            </FormSection>
            <FormSection title={titles.more} titleElement="h2" id="catalogue-more">
              <TimeSelectorControl
                name="lifespan"
                label={t("accessTokenLifespan")}
                units={["minute", "hour", "day"]}
                rules={{ min: 60 }}
              />
              <DateTimeControl name="notBefore" label={t("notBefore")} />
              <FileUploadControl name="importFile" label={t("catalogueImport")} />
              <CopyToClipboardField label={t("issuer")} value={issuer} />
            </FormSection>
            <ActionGroup>
              <SubmitButton />
              <Button
                variant="secondary"
                onClick={() =>
                  applyServerErrors(
                    form,
                    {
                      errors: [
                        {
                          field: "email",
                          errorMessage: "${catalogueEmailTaken}",
                          params: [form.getValues("email") || "alice@example.com"],
                        },
                      ],
                    },
                    t,
                  )
                }
              >
                {t("catalogueSimulateServerError")}
              </Button>
              <Button variant="link" onClick={() => form.reset()}>
                {t("reset")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty} />
          </Form>
        </FormProvider>
      </GridItem>
    </Grid>
  );
}
