import { useId, useState } from "react";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { lineDiff } from "./line-diff.ts";
import { withoutVolatileClaims } from "./volatile-claims.ts";
import "../client-scopes-messages.ts";

/** The line diff of two generated tokens; the claims that differ on every token only when asked for. */
export function TokenDiff({ before, after }: { before: string; after: string }) {
  const { t } = useMessages();
  const checkboxId = useId();
  const [isShowingVolatile, setShowingVolatile] = useState(false);
  const lines = isShowingVolatile
    ? lineDiff(before, after)
    : lineDiff(withoutVolatileClaims(before), withoutVolatileClaims(after));
  const isSame = lines.every((line) => line.kind === "same");
  return (
    <section aria-label={t("tokenDiff")} style={{ marginBlockStart: "1rem" }}>
      <Title headingLevel="h3" size="md">
        {t("tokenDiff")}
      </Title>
      <Checkbox
        id={checkboxId}
        label={t("showVolatileClaims")}
        isChecked={isShowingVolatile}
        onChange={(_event, checked) => setShowingVolatile(checked)}
        style={{ marginBlock: "0.5rem" }}
      />
      {isSame ? (
        <Content component="p">{t("tokenDiffSame")}</Content>
      ) : (
        <pre
          data-testid="token-diff"
          style={{ fontFamily: "var(--pf-t--global--font--family--mono)", fontSize: "0.875rem" }}
        >
          {lines.map((line, index) =>
            line.kind === "removed" ? (
              <del key={index} title={t("diffRemoved")} style={diffStyle("removed")}>
                {`- ${line.text}\n`}
              </del>
            ) : line.kind === "added" ? (
              <ins key={index} title={t("diffAdded")} style={diffStyle("added")}>
                {`+ ${line.text}\n`}
              </ins>
            ) : (
              <span key={index}>{`  ${line.text}\n`}</span>
            ),
          )}
        </pre>
      )}
    </section>
  );
}

const diffStyle = (kind: "removed" | "added") => ({
  display: "block",
  textDecoration: "none",
  background:
    kind === "removed"
      ? "var(--pf-t--global--color--status--danger--default, #fce3e3)"
      : "var(--pf-t--global--color--status--success--default, #e9f7df)",
  color: "var(--pf-t--global--text--color--on-brand--default, #fff)",
});
