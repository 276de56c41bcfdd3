import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { isSubFlow, requirementKey, type FlowTreeNode } from "./flow-tree-model.ts";
import "./flow-diagram.css";
import "./messages.ts";

type Run = { alternatives: FlowTreeNode[] } | { step: FlowTreeNode };

/** Consecutive ALTERNATIVE steps form one choice; every other step stands on its own. */
function runsOf(nodes: FlowTreeNode[]): Run[] {
  const runs: Run[] = [];
  for (const node of nodes) {
    const last = runs.at(-1);
    if (node.info.requirement === "ALTERNATIVE" && last && "alternatives" in last) last.alternatives.push(node);
    else if (node.info.requirement === "ALTERNATIVE") runs.push({ alternatives: [node] });
    else runs.push({ step: node });
  }
  return runs;
}

const COLORS: Record<string, "blue" | "purple" | "orange" | "grey"> = {
  REQUIRED: "blue",
  ALTERNATIVE: "purple",
  CONDITIONAL: "orange",
  DISABLED: "grey",
};

/**
 * A read-only picture of the flow for orientation: steps top to bottom, alternatives side by side,
 * sub-flows as nested boxes. The step tree is where changes are made.
 */
export function FlowDiagram({ flowAlias, nodes }: { flowAlias: string; nodes: FlowTreeNode[] }) {
  const { t } = useMessages();
  return (
    <figure className="kc-authn-diagram" aria-label={t("authnDiagramLabel", { flow: flowAlias })}>
      <Sequence nodes={nodes} />
    </figure>
  );
}

function Sequence({ nodes }: { nodes: FlowTreeNode[] }) {
  const { t } = useMessages();
  return (
    <ol className="kc-authn-diagram-sequence">
      {runsOf(nodes).map((run) =>
        "step" in run ? (
          <li key={run.step.id}>
            <Step node={run.step} />
          </li>
        ) : (
          <li key={run.alternatives[0]!.id}>
            <ul className="kc-authn-diagram-choice" aria-label={t("authnOneOf")}>
              {run.alternatives.map((node, index) => (
                <li key={node.id}>
                  {index > 0 && <span className="kc-authn-diagram-or">{t("or")}</span>}
                  <Step node={node} />
                </li>
              ))}
            </ul>
          </li>
        ),
      )}
    </ol>
  );
}

function Step({ node }: { node: FlowTreeNode }) {
  const { t } = useMessages();
  const requirement = node.info.requirement ?? "DISABLED";
  const disabled = requirement === "DISABLED";
  return (
    <div className={`kc-authn-diagram-step${disabled ? " kc-authn-diagram-disabled" : ""}`}>
      <div className="kc-authn-diagram-title">
        <span>{node.info.displayName}</span>
        <Label isCompact color={COLORS[requirement] ?? "grey"}>
          {t(requirementKey(requirement))}
        </Label>
      </div>
      {isSubFlow(node) && node.children.length > 0 && <Sequence nodes={node.children} />}
    </div>
  );
}
