import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormSelect, FormSelectOption } from "@patternfly/react-core/dist/esm/components/FormSelect/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import AngleDownIcon from "@patternfly/react-icons/dist/esm/icons/angle-down-icon.js";
import AngleRightIcon from "@patternfly/react-icons/dist/esm/icons/angle-right-icon.js";
import ArrowDownIcon from "@patternfly/react-icons/dist/esm/icons/arrow-down-icon.js";
import ArrowUpIcon from "@patternfly/react-icons/dist/esm/icons/arrow-up-icon.js";
import CodeBranchIcon from "@patternfly/react-icons/dist/esm/icons/code-branch-icon.js";
import CogIcon from "@patternfly/react-icons/dist/esm/icons/cog-icon.js";
import PlusCircleIcon from "@patternfly/react-icons/dist/esm/icons/plus-circle-icon.js";
import SitemapIcon from "@patternfly/react-icons/dist/esm/icons/sitemap-icon.js";
import TrashIcon from "@patternfly/react-icons/dist/esm/icons/trash-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { isSubFlow, requirementKey, treeKey, visibleRows, type FlowTreeNode } from "./flow-tree-model.ts";
import "./flow-tree.css";
import "./messages.ts";

export type AddKind = "step" | "condition" | "subflow";

export interface FlowTreeProps {
  flowAlias: string;
  nodes: FlowTreeNode[];
  isReadOnly: boolean;
  onRequirement(node: FlowTreeNode, requirement: string): Promise<void>;
  onMove(node: FlowTreeNode, direction: "up" | "down"): Promise<void>;
  onConfigure(node: FlowTreeNode): void;
  onDelete(node: FlowTreeNode): void;
  onAdd(node: FlowTreeNode, kind: AddKind): void;
}

/**
 * A flow's steps as an ARIA treegrid: one focusable row at a time (arrow keys, Home/End, Left/Right to
 * close and open sub-flows, Alt+Up/Down to move a step); Tab reaches the focused row's controls only.
 */
export function FlowTree(props: FlowTreeProps) {
  const { t } = useMessages();
  const { nodes, isReadOnly } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => visibleRows(nodes, collapsed), [nodes, collapsed]);
  const [activeId, setActiveId] = useState<string | undefined>(rows[0]?.id);
  const current = rows.some((row) => row.id === activeId) ? activeId : rows[0]?.id;
  const rowElements = useRef(new Map<string, HTMLTableRowElement>());
  const focusNext = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!focusNext.current) return;
    rowElements.current.get(focusNext.current)?.focus();
    focusNext.current = undefined;
  }, [rows]);

  const focusRow = (id: string) => {
    setActiveId(id);
    rowElements.current.get(id)?.focus();
  };
  const toggle = (id: string, open: boolean) => {
    setCollapsed((before) => {
      const next = new Set(before);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, node: FlowTreeNode) => {
    if (event.target !== event.currentTarget) {
      // Escape from a control of the row goes back to the row, where the arrow keys work again.
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        event.currentTarget.focus();
      }
      return;
    }
    const result = treeKey(event.key, event.altKey, rows, node.id, collapsed);
    if (result.kind === "none") {
      if (event.key === "Delete" && !isReadOnly) {
        event.preventDefault();
        // Once the step is gone, the focus goes to its neighbour instead of getting lost.
        const index = rows.indexOf(node);
        focusNext.current = (rows[index + 1] ?? rows[index - 1])?.id;
        props.onDelete(node);
      }
      return;
    }
    event.preventDefault();
    if (result.kind === "focus") focusRow(result.id);
    else if (result.kind === "expand") toggle(result.id, true);
    else if (result.kind === "collapse") toggle(result.id, false);
    else if (!isReadOnly) {
      focusNext.current = result.id;
      void props.onMove(node, result.direction);
    }
  };

  return (
    <Table
      role="treegrid"
      aria-label={t("authnTreeLabel", { flow: props.flowAlias })}
      aria-describedby="kc-authn-tree-help"
      variant="compact"
      className="kc-authn-tree"
    >
      <Thead>
        <Tr>
          <Th width={50}>{t("step")}</Th>
          <Th modifier="fitContent">{t("requirement")}</Th>
          <Th modifier="fitContent" screenReaderText={t("authnOrderColumn")} />
          <Th modifier="fitContent" screenReaderText={t("authnAddColumn")} />
          <Th modifier="fitContent" screenReaderText={t("configure")} />
          <Th modifier="fitContent" screenReaderText={t("delete")} />
        </Tr>
      </Thead>
      <Tbody>
        {rows.map((node) => (
          <FlowTreeRow
            key={node.id}
            node={node}
            tree={props}
            isActive={node.id === current}
            isExpanded={isSubFlow(node) ? !collapsed.has(node.id) : undefined}
            onToggle={() => toggle(node.id, collapsed.has(node.id))}
            rowRef={(element) => {
              if (element) rowElements.current.set(node.id, element);
              else rowElements.current.delete(node.id);
            }}
            onFocus={() => setActiveId(node.id)}
            onKeyDown={(event) => onKeyDown(event, node)}
            onMoveClick={(direction) => {
              focusNext.current = node.id;
              void props.onMove(node, direction);
            }}
          />
        ))}
      </Tbody>
    </Table>
  );
}

interface FlowTreeRowProps {
  node: FlowTreeNode;
  tree: FlowTreeProps;
  isActive: boolean;
  isExpanded?: boolean;
  onToggle(): void;
  rowRef(element: HTMLTableRowElement | null): void;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLTableRowElement>): void;
  onMoveClick(direction: "up" | "down"): void;
}

function FlowTreeRow({
  node,
  tree,
  isActive,
  isExpanded,
  onToggle,
  rowRef,
  onFocus,
  onKeyDown,
  onMoveClick,
}: FlowTreeRowProps) {
  const { t } = useMessages();
  const { info } = node;
  const name = info.displayName ?? info.providerId ?? "";
  const tabIndex = isActive ? 0 : -1;
  const choices = info.requirementChoices ?? [];
  const readOnly = tree.isReadOnly;
  return (
    <Tr
      ref={rowRef}
      role="row"
      aria-level={node.level + 1}
      aria-posinset={node.posInSet}
      aria-setsize={node.setSize}
      aria-expanded={isExpanded}
      tabIndex={tabIndex}
      onFocus={(event) => {
        if (event.target === event.currentTarget || !isActive) onFocus();
      }}
      onKeyDown={onKeyDown}
      data-execution-id={node.id}
    >
      <Td role="gridcell">
        <div className="kc-authn-step-name" style={{ paddingInlineStart: `${node.level * 1.5}rem` }}>
          {isExpanded !== undefined ? (
            <Button
              variant="plain"
              tabIndex={-1}
              aria-label={t("expandRow")}
              aria-expanded={isExpanded}
              onClick={onToggle}
              icon={isExpanded ? <AngleDownIcon /> : <AngleRightIcon />}
            />
          ) : (
            <span className="kc-authn-toggle-space" />
          )}
          <div>
            <div>
              {name}{" "}
              {isExpanded !== undefined && (
                <Label isCompact variant="outline">
                  {t("authnConditionSubFlow")}
                </Label>
              )}
            </div>
            {info.alias && <div className="kc-authn-step-description">{info.alias}</div>}
            {info.description && <div className="kc-authn-step-description">{info.description}</div>}
          </div>
        </div>
      </Td>
      <Td role="gridcell" modifier="fitContent">
        {choices.length > 1 && !readOnly ? (
          <FormSelect
            aria-label={t("authnRequirementOf", { name })}
            value={info.requirement}
            tabIndex={tabIndex}
            onChange={(_event, value) => void tree.onRequirement(node, value)}
          >
            {choices.map((choice) => (
              <FormSelectOption key={choice} value={choice} label={t(requirementKey(choice))} />
            ))}
          </FormSelect>
        ) : (
          t(requirementKey(info.requirement ?? "DISABLED"))
        )}
      </Td>
      <Td role="gridcell" modifier="fitContent">
        {!readOnly && (
          <div className="kc-authn-row-actions">
            <Button
              variant="plain"
              tabIndex={tabIndex}
              aria-label={t("authnMoveUp", { name })}
              isDisabled={node.posInSet === 1}
              onClick={() => onMoveClick("up")}
              icon={<ArrowUpIcon />}
            />
            <Button
              variant="plain"
              tabIndex={tabIndex}
              aria-label={t("authnMoveDown", { name })}
              isDisabled={node.posInSet === node.setSize}
              onClick={() => onMoveClick("down")}
              icon={<ArrowDownIcon />}
            />
          </div>
        )}
      </Td>
      <Td role="gridcell" modifier="fitContent">
        {!readOnly && isExpanded !== undefined && (
          <div className="kc-authn-row-actions">
            <Button
              variant="plain"
              tabIndex={tabIndex}
              aria-label={t("addStepTo", { name })}
              onClick={() => tree.onAdd(node, "step")}
              icon={<PlusCircleIcon />}
            />
            <Button
              variant="plain"
              tabIndex={tabIndex}
              aria-label={t("addConditionTo", { name })}
              onClick={() => tree.onAdd(node, "condition")}
              icon={<CodeBranchIcon />}
            />
            <Button
              variant="plain"
              tabIndex={tabIndex}
              aria-label={t("addSubFlowTo", { name })}
              onClick={() => tree.onAdd(node, "subflow")}
              icon={<SitemapIcon />}
            />
          </div>
        )}
      </Td>
      <Td role="gridcell" modifier="fitContent">
        {!readOnly && info.configurable && (
          <Button
            variant="plain"
            tabIndex={tabIndex}
            aria-label={t("authnConfigureStep", { name })}
            onClick={() => tree.onConfigure(node)}
            icon={<CogIcon />}
          />
        )}
      </Td>
      <Td role="gridcell" modifier="fitContent">
        {!readOnly && (
          <Button
            variant="plain"
            tabIndex={tabIndex}
            aria-label={t("authnDeleteStep", { name })}
            onClick={() => tree.onDelete(node)}
            icon={<TrashIcon />}
          />
        )}
      </Td>
    </Tr>
  );
}
