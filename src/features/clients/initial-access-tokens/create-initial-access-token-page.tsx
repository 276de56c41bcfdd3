import { useState } from "react";
import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  CopyToClipboardField,
  NumberControl,
  SubmitButton,
  TimeSelectorControl,
  useKcForm,
} from "../../../core/ui/form/index.ts";
import { toClients } from "../paths.ts";
import "../list/client-list-tabs-messages.ts";

interface TokenForm {
  expiration: number | string;
  count: number | string;
}

/** The new token, shown once: the server never returns it again. */
function NewTokenModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useMessages();
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="kc-new-token-title">
      <ModalHeader title={t("initialAccessTokenDetails")} labelId="kc-new-token-title" />
      <ModalBody>
        <Alert variant="warning" isInline isPlain title={t("copyInitialAccessToken")} />
        <Form onSubmit={(event) => event.preventDefault()}>
          <CopyToClipboardField label={t("initialAccessToken")} value={token} id="kc-initial-access-token" />
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button onClick={onClose}>{t("close")}</Button>
      </ModalFooter>
    </Modal>
  );
}

/** `clients/initialAccessToken/create`: expiration (0 = never) and how many clients the token may register. */
export default function CreateInitialAccessTokenPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [token, setToken] = useState<string>();
  const form = useKcForm<TokenForm>({ defaultValues: { expiration: 86400, count: 1 } });
  const backToList = () => navigate(toClients(realm, "initial-access-token"));

  const save = async (values: TokenForm) => {
    try {
      const created = await adminClient.realms.createClientsInitialAccess(
        { realm },
        { expiration: Number(values.expiration || 0), count: Number(values.count || 1) },
      );
      alerts.addAlert(t("tokenSaveSuccess"));
      setToken(created.token);
    } catch (error) {
      alerts.addError("tokenSaveError", error);
    }
  };

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createToken")}</Title>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "50rem" }}>
            <TimeSelectorControl<TokenForm>
              name="expiration"
              label={t("expiration")}
              labelHelp={t("tokenExpirationHelp")}
              units={["minute", "hour", "day"]}
              min={0}
              rules={{ min: { value: 0, message: t("expiration") } }}
            />
            <NumberControl<TokenForm>
              name="count"
              label={t("count")}
              labelHelp={t("countHelp")}
              min={1}
              rules={{ required: true, min: 1 }}
            />
            <ActionGroup>
              <SubmitButton<TokenForm> allowNonDirty>{t("save")}</SubmitButton>
              <Button variant="link" onClick={backToList}>
                {t("cancel")}
              </Button>
            </ActionGroup>
          </Form>
        </FormProvider>
      </PageSection>
      {token && <NewTokenModal token={token} onClose={backToList} />}
    </>
  );
}
