import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Radio } from "@patternfly/react-core/dist/esm/components/Radio/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { authenticationKey, fetchProviders, type Provider } from "./queries.ts";
import "./add-step-dialog.css";
import "./messages.ts";

/** Conditions are the authenticators whose id starts with `conditional-`, as in Keycloak's console. */
const isCondition = (provider: Provider) => provider.id?.startsWith("conditional-") ?? false;

/**
 * Picks the authenticator (or condition) of a new step from the server's provider list for the flow's
 * type, filtered by a search over names and descriptions. Stays open when adding fails.
 */
export function AddStepDialog({
  title,
  flowType,
  conditions,
  onAdd,
  onClose,
}: {
  title: string;
  flowType: string;
  conditions: boolean;
  onAdd(provider: Provider): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const titleId = useId();
  const groupName = useId();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: [...authenticationKey(realm), "providers", flowType],
    queryFn: () => fetchProviders(adminClient, realm, flowType),
    staleTime: Infinity,
  });
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (query.data ?? [])
      .filter((provider) => flowType !== "basic-flow" || isCondition(provider) === conditions)
      .filter((provider) =>
        [provider.displayName, provider.description, provider.id].some((text) => text?.toLowerCase().includes(needle)),
      )
      .sort((a, b) => (a.displayName ?? "").localeCompare(b.displayName ?? ""));
  }, [query.data, search, flowType, conditions]);
  const searchBox = useRef<HTMLDivElement>(null);
  // The dialog's focus trap starts on its first button; the search is where a keyboard user begins.
  useEffect(() => {
    const timer = setTimeout(() => searchBox.current?.querySelector("input")?.focus(), 50);
    return () => clearTimeout(timer);
  }, []);
  const picked = shown.find((provider) => provider.id === chosen);

  const add = async () => {
    if (!picked) return;
    setBusy(true);
    const done = await onAdd(picked);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <div ref={searchBox}>
          <SearchInput
            aria-label={t("searchForProvider")}
            placeholder={t("searchForProvider")}
            value={search}
            onChange={(_event, value) => setSearch(value)}
            onClear={() => setSearch("")}
          />
        </div>
        {query.isPending && <LoadingSpinner />}
        {query.error && (
          <Alert variant="danger" isInline title={t("authnFlowsLoadFailed", { message: errorMessage(query.error) })} />
        )}
        {query.data && (
          <fieldset className="kc-authn-provider-list">
            <legend className="pf-v6-screen-reader">{t("providers")}</legend>
            {shown.length === 0 && <p>{t("authnNoProviders")}</p>}
            {shown.map((provider) => (
              <Radio
                key={provider.id}
                id={`${groupName}-${provider.id}`}
                name={groupName}
                label={provider.displayName ?? provider.id}
                description={provider.description}
                isChecked={chosen === provider.id}
                onChange={() => setChosen(provider.id)}
              />
            ))}
          </fieldset>
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void add()} isDisabled={!picked || isBusy} isLoading={isBusy}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
