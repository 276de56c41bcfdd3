import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { policyTypeKey } from "./policy-types.ts";
import "./policy-messages.ts";

/** One node of the evaluation: a permission or a policy, its outcome, why, and what it consulted. */
export interface DecisionNode {
  policy?: { id?: string; name?: string; type?: string };
  status?: string;
  reason?: string;
  scopes?: string[];
  associatedPolicies?: DecisionNode[];
}

export function DecisionLabel({ status }: { status?: string }) {
  const { t } = useMessages();
  return status === "PERMIT" ? (
    <Label color="green" isCompact>
      {t("permit")}
    </Label>
  ) : (
    <Label color="red" isCompact>
      {t("deny")}
    </Label>
  );
}

/**
 * ★ Why a decision was reached: each permission that applied, the policies it consulted (nested for aggregates)
 * and each one's outcome with the engine's reason (role missing, time window closed, pattern did not match).
 */
export function DecisionTree({ nodes }: { nodes: DecisionNode[] }) {
  const { t } = useMessages();
  if (nodes.length === 0) return null;
  return (
    <ul
      className="kc-authz-decision-tree"
      style={{ listStyle: "none", paddingInlineStart: "var(--pf-t--global--spacer--lg)" }}
    >
      {nodes.map((node, index) => (
        <li key={`${node.policy?.id ?? index}`} style={{ marginBlock: "var(--pf-t--global--spacer--xs)" }}>
          <DecisionLabel status={node.status} /> <strong>{node.policy?.name}</strong>{" "}
          <span>({t(policyTypeKey(node.policy?.type ?? ""))})</span>
          {node.scopes && node.scopes.length > 0 && <span> · {node.scopes.join(", ")}</span>}
          {node.reason && <div data-testid="authz-reason">{node.reason}</div>}
          <DecisionTree nodes={node.associatedPolicies ?? []} />
        </li>
      ))}
    </ul>
  );
}
