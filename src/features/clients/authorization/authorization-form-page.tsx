import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { errorMessage, responseStatus } from "../../../core/api/api-error.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { SubmitButton } from "../../../core/ui/form/submit-button.tsx";
import { UnsavedChangesGuard } from "../../../core/ui/form/index.ts";
import "./authorization-messages.ts";

/**
 * The frame of every authorization create / edit page: title, loading and error states, the form with
 * save and cancel. A failed save leaves the form as typed (the caller shows the server's message).
 */
export function AuthorizationFormPage<T extends FieldValues>({
  title,
  form,
  onSubmit,
  backTo,
  canManage,
  loading,
  error,
  saved,
  headerActions,
  children,
}: {
  title: string;
  form: UseFormReturn<T>;
  onSubmit: (values: T) => Promise<void>;
  backTo: string;
  canManage: boolean;
  loading?: boolean;
  error?: unknown;
  saved?: boolean;
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useMessages();
  const navigate = useNavigate();
  if (loading) return <LoadingSpinner />;
  if (error)
    return (
      <PageSection>
        <p role="alert">
          {responseStatus(error) === 404 ? t("authzNotFound") : t("authzLoadFailed", { message: errorMessage(error) })}
        </p>
      </PageSection>
    );
  return (
    <>
      <PageSection>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Title headingLevel="h1">{title}</Title>
          {headerActions}
        </div>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={form.handleSubmit(onSubmit)} noValidate maxWidth="720px">
            <fieldset disabled={!canManage} style={{ display: "contents" }}>
              {children}
            </fieldset>
            <ActionGroup>
              {canManage && <SubmitButton<T>>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(backTo)}>
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
