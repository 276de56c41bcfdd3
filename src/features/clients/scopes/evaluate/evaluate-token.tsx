import { useQuery } from "@tanstack/react-query";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { errorMessage } from "../../../../core/api/api-error.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { LoadingSpinner } from "../../../../core/ui/layout/loading-spinner.tsx";
import { evaluateKeys, fetchGenerated, type EvaluateInput, type GeneratedKind } from "./evaluate-queries.ts";
import { TokenDiff } from "./token-diff.tsx";
import "../client-scopes-messages.ts";

const DISABLED_KEY: Record<GeneratedKind, string> = {
  accessToken: "generatedAccessTokenIsDisabled",
  idToken: "generatedIdTokenIsDisabled",
  userInfo: "generatedUserInfoIsDisabled",
};
const TITLE_KEY: Record<GeneratedKind, string> = {
  accessToken: "generatedAccessToken",
  idToken: "generatedIdToken",
  userInfo: "generatedUserInfo",
};

function useGenerated(clientId: string, kind: GeneratedKind, input: EvaluateInput | undefined) {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  return useQuery({
    queryKey: [...evaluateKeys.all(realm, clientId), kind, input],
    queryFn: () => fetchGenerated(adminClient, realm, clientId, kind, input!),
    enabled: !!input?.userId,
  });
}

/** A generated example (access token, ID token or userinfo); with `compare`, the line diff against a second one. */
export function EvaluateToken({
  clientId,
  kind,
  input,
  compare,
}: {
  clientId: string;
  kind: GeneratedKind;
  input: EvaluateInput;
  compare?: EvaluateInput;
}) {
  const { t } = useMessages();
  const first = useGenerated(clientId, kind, input);
  const second = useGenerated(clientId, kind, compare);
  if (!input.userId) return <Content component="p">{t(DISABLED_KEY[kind])}</Content>;
  if (first.isPending || (compare?.userId && second.isPending)) return <LoadingSpinner />;
  const failure = first.error ?? (compare?.userId ? second.error : null);
  if (failure)
    return (
      <p role="alert" className="pf-v6-u-danger-color-100">
        {t("evaluateError", { error: errorMessage(failure) })}
      </p>
    );
  return (
    <>
      <CodeBlock>
        <CodeBlockCode aria-label={t(TITLE_KEY[kind])} data-testid={`generated-${kind}`}>
          {first.data}
        </CodeBlockCode>
      </CodeBlock>
      {compare?.userId && second.data !== undefined && <TokenDiff before={first.data!} after={second.data} />}
    </>
  );
}
