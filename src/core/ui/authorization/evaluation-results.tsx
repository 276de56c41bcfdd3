import type { ReactNode } from "react";
import { ExpandableSection } from "@patternfly/react-core/dist/esm/components/ExpandableSection/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { DecisionLabel, DecisionTree, type DecisionNode } from "./decision-tree.tsx";
import "./policy-messages.ts";

/** One resource of an evaluation's answer: its decision, the scopes granted and denied, and the policies consulted. */
export interface EvaluationRow {
  resource?: { name?: string; _id?: string };
  status?: string;
  allowedScopes?: { name?: string }[];
  deniedScopes?: { name?: string }[];
  policies?: DecisionNode[];
  reason?: string;
}

export interface EvaluationResultsProps {
  result: { status?: string; results: EvaluationRow[] };
  /** How a resource is named to the administrator (default: its name as the server gave it). */
  resourceLabel?: (name: string) => string;
  /** More sections after the decision trees. */
  children?: ReactNode;
}

/** An evaluation's overall decision, a row per resource, and each resource's decision tree. */
export function EvaluationResults({ result, resourceLabel = (name) => name, children }: EvaluationResultsProps) {
  const { t } = useMessages();
  const key = (row: EvaluationRow) => row.resource?._id ?? row.resource?.name;
  return (
    <section aria-label={t("results")} style={{ marginTop: "var(--pf-t--global--spacer--xl)" }}>
      <Title headingLevel="h2">
        {t("overallResults")} <DecisionLabel status={result.status} />
      </Title>
      <Table aria-label={t("results")} variant="compact">
        <Thead>
          <Tr>
            <Th>{t("resource")}</Th>
            <Th>{t("overallResults")}</Th>
            <Th>{t("grantedScopes")}</Th>
            <Th>{t("deniedScopes")}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {result.results.map((row) => (
            <Tr key={key(row)}>
              <Td dataLabel={t("resource")}>{resourceLabel(row.resource?.name ?? "")}</Td>
              <Td dataLabel={t("overallResults")}>
                <DecisionLabel status={row.status} />
              </Td>
              <Td dataLabel={t("grantedScopes")}>{row.allowedScopes?.map((s) => s.name).join(", ")}</Td>
              <Td dataLabel={t("deniedScopes")}>{row.deniedScopes?.map((s) => s.name).join(", ")}</Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
      {result.results.map((row) => (
        <ExpandableSection
          key={`tree-${key(row)}`}
          toggleText={`${t("authzDecisionTree")}: ${resourceLabel(row.resource?.name ?? "")}`}
        >
          {row.reason && <p>{row.reason}</p>}
          <DecisionTree nodes={row.policies ?? []} />
        </ExpandableSection>
      ))}
      {children}
    </section>
  );
}
