import type { ExecutionInfo } from "./queries.ts";

/** One step of a flow: an execution or a sub-flow with its own steps. */
export interface FlowTreeNode {
  id: string;
  info: ExecutionInfo;
  /** Alias of the flow this step belongs to (where new siblings are added). */
  parentAlias: string;
  parentId?: string;
  children: FlowTreeNode[];
  level: number;
  posInSet: number;
  setSize: number;
}

/** The message key of a requirement's name (Keycloak's `disabled`, own keys for the others). */
export const requirementKey = (requirement: string) =>
  requirement === "DISABLED" ? "disabled" : `authnRequirement_${requirement}`;

export const isSubFlow = (node: FlowTreeNode) => node.info.authenticationFlow === true;

/** Keycloak's flattened, depth-first execution list (with `level`) turned back into a tree. */
export function buildFlowTree(executions: ExecutionInfo[], topAlias: string): FlowTreeNode[] {
  const roots: FlowTreeNode[] = [];
  const openFlows: FlowTreeNode[] = [];
  for (const info of executions) {
    const level = info.level ?? 0;
    openFlows.length = Math.min(openFlows.length, level);
    const parent = level > 0 ? openFlows[level - 1] : undefined;
    const siblings = parent ? parent.children : roots;
    const node: FlowTreeNode = {
      id: info.id ?? `${topAlias}-${siblings.length}`,
      info,
      parentAlias: parent ? (parent.info.displayName ?? "") : topAlias,
      parentId: parent?.id,
      children: [],
      level,
      posInSet: siblings.length + 1,
      setSize: 0,
    };
    siblings.push(node);
    if (info.authenticationFlow) openFlows[level] = node;
  }
  const sizeUp = (nodes: FlowTreeNode[]) => {
    for (const node of nodes) {
      node.setSize = nodes.length;
      sizeUp(node.children);
    }
  };
  sizeUp(roots);
  return roots;
}

/** The rows shown, top to bottom: every node whose ancestors are all expanded. */
export function visibleRows(nodes: FlowTreeNode[], collapsed: ReadonlySet<string>): FlowTreeNode[] {
  return nodes.flatMap((node) => [
    node,
    ...(isSubFlow(node) && !collapsed.has(node.id) ? visibleRows(node.children, collapsed) : []),
  ]);
}

export type TreeKeyResult =
  | { kind: "focus"; id: string }
  | { kind: "expand"; id: string }
  | { kind: "collapse"; id: string }
  | { kind: "move"; id: string; direction: "up" | "down" }
  | { kind: "none" };

/**
 * What a key on a focused row does, as the WAI-ARIA treegrid pattern has it (rows focused): Up/Down move
 * between rows, Right expands a closed sub-flow or enters an open one, Left closes an open sub-flow or goes
 * to the parent, Home/End go to the first/last row. Alt+Up/Down move the step among its siblings.
 */
export function treeKey(
  key: string,
  altKey: boolean,
  rows: FlowTreeNode[],
  currentId: string,
  collapsed: ReadonlySet<string>,
): TreeKeyResult {
  const index = rows.findIndex((row) => row.id === currentId);
  const row = rows[index];
  if (!row) return rows[0] ? { kind: "focus", id: rows[0].id } : { kind: "none" };
  const focus = (target: FlowTreeNode | undefined): TreeKeyResult =>
    target && target.id !== currentId ? { kind: "focus", id: target.id } : { kind: "none" };
  switch (key) {
    case "ArrowDown":
      if (altKey)
        return row.posInSet < row.setSize ? { kind: "move", id: row.id, direction: "down" } : { kind: "none" };
      return focus(rows[index + 1]);
    case "ArrowUp":
      if (altKey) return row.posInSet > 1 ? { kind: "move", id: row.id, direction: "up" } : { kind: "none" };
      return focus(rows[index - 1]);
    case "ArrowRight":
      if (!isSubFlow(row)) return { kind: "none" };
      if (collapsed.has(row.id)) return { kind: "expand", id: row.id };
      return focus(row.children[0]);
    case "ArrowLeft":
      if (isSubFlow(row) && !collapsed.has(row.id)) return { kind: "collapse", id: row.id };
      return focus(rows.find((candidate) => candidate.id === row.parentId));
    case "Home":
      return focus(rows[0]);
    case "End":
      return focus(rows[rows.length - 1]);
    default:
      return { kind: "none" };
  }
}
