import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import type { IdentityProvider } from "../queries.ts";
import { fetchTrySignInOutcome, loginEventsSaved, trySince } from "./try-sign-in-queries.ts";
import { TrySignInResult } from "./try-sign-in-result.tsx";
import { trySignInUrl } from "./try-sign-in-url.ts";
import "../messages.ts";

const POLL_MS = 1_500;

/**
 * ★ Try sign-in: a real brokered sign-in through the provider in a new tab (the account console's sign-in with
 * `kc_idp_hint`), and what it produced once the realm's login events show its outcome.
 */
export function TrySignInDialog({ provider, onClose }: { provider: IdentityProvider; onClose(): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alias = provider.alias ?? "";
  const name = provider.displayName || alias;
  const [startedAt, setStartedAt] = useState<number>();
  const [url, setUrl] = useState(() => trySignInUrl(adminClient.baseUrl, realm, alias));
  const eventsSaved = useQuery({
    queryKey: ["identity-providers", realm, "try-sign-in", "events-saved"],
    queryFn: () => loginEventsSaved(adminClient, realm),
    gcTime: 0,
  });
  const outcome = useQuery({
    queryKey: ["identity-providers", realm, "try-sign-in", alias, "outcome", startedAt],
    queryFn: () => fetchTrySignInOutcome(adminClient, realm, alias, startedAt ?? 0),
    enabled: startedAt !== undefined,
    refetchInterval: (query) => (query.state.data?.kind === "waiting" || query.state.error ? POLL_MS : false),
    gcTime: 0,
  });
  const start = () => {
    const previous = outcome.data?.kind === "waiting" ? undefined : outcome.data?.event;
    setStartedAt(trySince(Date.now(), previous));
    // A new state, nonce and challenge for the next try.
    setTimeout(() => setUrl(trySignInUrl(adminClient.baseUrl, realm, alias)));
  };
  const result = outcome.data;

  const body = () => {
    if (eventsSaved.isPending) return <LoadingSpinner />;
    if (eventsSaved.error)
      return (
        <Alert variant="danger" isInline title={t("trySignInReadFailed", { error: errorMessage(eventsSaved.error) })} />
      );
    if (!eventsSaved.data) return <Alert variant="warning" isInline title={t("trySignInEventsOff")} />;
    if (startedAt === undefined) return <p>{t("trySignInIntro", { name })}</p>;
    if (result?.kind === "signedIn")
      return <TrySignInResult alias={alias} userId={result.userId} firstLogin={result.firstLogin} />;
    if (result?.kind === "failed")
      return (
        <Alert variant="danger" isInline title={t("trySignInFailed", { name })}>
          <p>
            {result.event.type}: <bdi>{result.event.error ?? ""}</bdi>
          </p>
          {result.event.details?.reason && <p>{result.event.details.reason}</p>}
        </Alert>
      );
    return (
      <p role="status">
        <Spinner size="md" aria-hidden="true" /> {t("trySignInWaiting")}
        {outcome.error && ` ${t("trySignInReadFailed", { error: errorMessage(outcome.error) })}`}
      </p>
    );
  };

  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby="kc-idp-try-title">
      <ModalHeader title={t("trySignInTitle", { name })} labelId="kc-idp-try-title" />
      <ModalBody>{body()}</ModalBody>
      <ModalFooter>
        {eventsSaved.data && (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant={result?.kind === "signedIn" ? "secondary" : "primary"}
            onClick={start}
          >
            {startedAt === undefined ? t("trySignInOpen") : t("tryAgain")}
          </Button>
        )}
        <Button variant="link" onClick={onClose}>
          {t("close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
