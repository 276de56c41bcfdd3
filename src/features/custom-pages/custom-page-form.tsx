import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmQuery } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
} from "../../core/ui/dynamic/index.ts";
import {
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useValuesForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { ViewHeader } from "../../core/ui/page/index.ts";
import { UI_PAGE_PROVIDER, toCustomPage, toCustomPageItem } from "./paths.ts";
import { UnknownProvider } from "./unknown-provider.tsx";
import { usePageProvider } from "./use-page-provider.ts";

interface ItemForm {
  name: string;
  config: ConfigFormValues;
}

/** `page-section/:providerId/add` and `.../:id`: one component of a page provider, its name and its properties. */
export default function CustomPageForm() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const id = useParams().id;
  const isReadOnly = !useAccess().hasAccess("manage-realm");
  const { providerId, provider, pageName } = usePageProvider();
  const properties = useMemo(() => provider?.properties ?? [], [provider]);
  const realmId = useRealmQuery(realm).data?.id;
  const itemKey = ["custom-pages", realm, id ?? ""] as const;
  const item = useQuery({
    queryKey: itemKey,
    queryFn: () => adminClient.components.findOne({ realm, id: id! }),
    enabled: !!id,
  });
  const initial = useMemo<ItemForm>(
    () => ({ name: item.data?.name ?? "", config: fromComponentConfig(properties, item.data?.config) }),
    [item.data, properties],
  );
  const form = useValuesForm<ItemForm>(initial);
  const { reset } = form;
  if (!provider) return <UnknownProvider providerId={providerId} />;

  const save = async (values: ItemForm) => {
    const representation: ComponentRepresentation = {
      name: values.name.trim(),
      providerId,
      providerType: UI_PAGE_PROVIDER,
      parentId: item.data?.parentId ?? realmId,
      config: toComponentConfig(properties, values.config),
    };
    try {
      if (id) {
        await adminClient.components.update({ realm, id }, { ...item.data, ...representation, id });
        reset(values);
        await queryClient.invalidateQueries({ queryKey: itemKey });
        alerts.addAlert(t("itemSaveSuccessful"));
      } else {
        const created = await adminClient.components.create({ realm, ...representation });
        alerts.addAlert(t("itemSaveSuccessful"));
        navigateSaved(toCustomPageItem(realm, providerId, created.id));
      }
    } catch (error) {
      alerts.addError("itemSaveError", error);
    }
  };

  return (
    <>
      <ViewHeader title={id ? (item.data?.name ?? pageName) : t("createItem")} subtitle={provider.helpText} />
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "60rem" }}>
            <TextControl<ItemForm> name="name" label={t("name")} rules={{ required: true }} isDisabled={isReadOnly} />
            <DynamicComponents properties={properties} isReadOnly={isReadOnly} />
            <ActionGroup>
              {!isReadOnly && <SubmitButton<ItemForm> allowNonDirty={!id}>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(toCustomPage(realm, providerId))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
