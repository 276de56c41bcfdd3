import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertActionLink } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { AddStepDialog } from "./add-step-dialog.tsx";
import { AddSubFlowDialog } from "./add-sub-flow-dialog.tsx";
import { ExecutionConfigDialog } from "./execution-config-dialog.tsx";
import { FlowDiagram } from "./flow-diagram.tsx";
import { FlowTree, type AddKind } from "./flow-tree.tsx";
import { buildFlowTree, requirementKey, type FlowTreeNode } from "./flow-tree-model.ts";
import {
  addExecution,
  addSubFlow,
  deleteExecution,
  executionsKey,
  fetchExecutions,
  moveExecution,
  saveConfig,
  updateExecution,
  type Flow,
} from "./queries.ts";
import "./flow-tree.css";
import "./messages.ts";

interface Target {
  alias: string;
  flowType: string;
}

/** The steps of a flow as a keyboard-operable tree, with the add/configure/delete dialogs. */
export function FlowSteps({ flow, isReadOnly, onDuplicate }: { flow: Flow; isReadOnly: boolean; onDuplicate(): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [dialog, setDialog] = useState<ReactNode>(null);
  const [view, setView] = useState<"table" | "diagram">("table");
  const alias = flow.alias ?? "";
  const query = useQuery({
    queryKey: executionsKey(realm, alias),
    queryFn: () => fetchExecutions(adminClient, realm, alias),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: executionsKey(realm, alias) });
  const close = () => setDialog(null);
  const top: Target = { alias, flowType: flow.providerId ?? "basic-flow" };
  const targetOf = (node: FlowTreeNode): Target => ({
    alias: node.info.displayName ?? "",
    flowType: node.info.providerId ? "form-flow" : "basic-flow",
  });

  const openAdd = (target: Target, kind: AddKind, title: string) => {
    if (kind === "subflow") {
      setDialog(
        <AddSubFlowDialog
          title={title}
          onClose={close}
          onAdd={async (sub) => {
            try {
              await addSubFlow(adminClient, realm, target.alias, sub);
              addAlert(t("authnStepAdded", { name: sub.alias }));
              await refresh();
              return true;
            } catch (error) {
              addError("authnStepAddError", error);
              return false;
            }
          }}
        />,
      );
      return;
    }
    setDialog(
      <AddStepDialog
        title={title}
        flowType={target.flowType}
        conditions={kind === "condition"}
        onClose={close}
        onAdd={async (provider) => {
          try {
            await addExecution(adminClient, realm, target.alias, provider.id ?? "");
            addAlert(t("authnStepAdded", { name: provider.displayName ?? provider.id }));
            await refresh();
            return true;
          } catch (error) {
            addError("authnStepAddError", error);
            return false;
          }
        }}
      />,
    );
  };

  const onAdd = (node: FlowTreeNode, kind: AddKind) => {
    const name = node.info.displayName ?? "";
    const titles = {
      step: t("addStepTo", { name }),
      condition: t("addConditionTo", { name }),
      subflow: t("addSubFlowTo", { name }),
    };
    openAdd(targetOf(node), kind, titles[kind]);
  };

  const onRequirement = async (node: FlowTreeNode, requirement: string) => {
    try {
      await updateExecution(adminClient, realm, alias, { ...node.info, requirement });
      addAlert(
        t("authnRequirementSaved", {
          name: node.info.displayName,
          requirement: t(requirementKey(requirement)),
        }),
      );
    } catch (error) {
      addError("authnRequirementError", error);
    }
    await refresh();
  };

  const onMove = async (node: FlowTreeNode, direction: "up" | "down") => {
    try {
      await moveExecution(adminClient, realm, node.id, direction);
      // The message comes once the tree shows the new order, so the next key press moves from there.
      await refresh();
      addAlert(t("authnMoved", { name: node.info.displayName }));
    } catch (error) {
      addError("authnMoveFailed", error);
      await refresh();
    }
  };

  const onDelete = async (node: FlowTreeNode) => {
    const name = node.info.displayName ?? "";
    const agreed = await confirm({
      title: t("authnDeleteStepTitle", { name }),
      children: t("authnDeleteStepConfirm", { name }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!agreed) return;
    try {
      await deleteExecution(adminClient, realm, node.id);
      addAlert(t("deleteExecutionSuccess"));
    } catch (error) {
      addError("deleteExecutionError", error);
    }
    await refresh();
  };

  const onConfigure = (node: FlowTreeNode) =>
    setDialog(
      <ExecutionConfigDialog
        name={node.info.displayName ?? ""}
        providerId={node.info.providerId ?? ""}
        configId={node.info.authenticationConfig}
        isReadOnly={isReadOnly}
        onClose={close}
        onSave={async (config) => {
          try {
            await saveConfig(adminClient, realm, node.id, node.info.authenticationConfig, config);
            addAlert(t("configSaveSuccess"));
            await refresh();
            return true;
          } catch (error) {
            addError("configSaveError", error);
            return false;
          }
        }}
      />,
    );

  const nodes = query.data ? buildFlowTree(query.data, alias) : [];
  const canNest = top.flowType === "basic-flow";

  return (
    <>
      {flow.builtIn && (
        <Alert
          variant="info"
          isInline
          className="kc-authn-built-in-notice"
          title={t("authnBuiltInReadOnly")}
          actionLinks={<AlertActionLink onClick={onDuplicate}>{t("duplicate")}</AlertActionLink>}
        >
          {t("authnBuiltInReadOnlyBody")}
        </Alert>
      )}
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <ToggleGroup aria-label={t("authnViews")}>
              <ToggleGroupItem text={t("tableView")} isSelected={view === "table"} onChange={() => setView("table")} />
              <ToggleGroupItem
                text={t("diagramView")}
                isSelected={view === "diagram"}
                onChange={() => setView("diagram")}
              />
            </ToggleGroup>
          </ToolbarItem>
          {!isReadOnly && view === "table" && (
            <>
              <ToolbarItem>
                <Button variant="secondary" onClick={() => openAdd(top, "step", t("addExecutionTitle"))}>
                  {t("addStep")}
                </Button>
              </ToolbarItem>
              {canNest && (
                <>
                  <ToolbarItem>
                    <Button variant="secondary" onClick={() => openAdd(top, "condition", t("addCondition"))}>
                      {t("addCondition")}
                    </Button>
                  </ToolbarItem>
                  <ToolbarItem>
                    <Button variant="secondary" onClick={() => openAdd(top, "subflow", t("addSubFlowTitle"))}>
                      {t("addSubFlow")}
                    </Button>
                  </ToolbarItem>
                </>
              )}
            </>
          )}
        </ToolbarContent>
      </Toolbar>
      {query.isPending && <LoadingSpinner />}
      {query.error && (
        <Alert
          variant="danger"
          isInline
          title={t("authnExecutionsLoadFailed", { message: errorMessage(query.error) })}
          actionLinks={<AlertActionLink onClick={() => void refresh()}>{t("reload")}</AlertActionLink>}
        />
      )}
      {query.data && nodes.length === 0 && (
        <EmptyState titleText={t("emptyExecution")} headingLevel="h2">
          <EmptyStateBody>{t("emptyExecutionInstructions")}</EmptyStateBody>
        </EmptyState>
      )}
      {nodes.length > 0 && view === "diagram" && <FlowDiagram flowAlias={alias} nodes={nodes} />}
      {nodes.length > 0 && view === "table" && (
        <>
          <Content component="p" id="kc-authn-tree-help" className="kc-authn-tree-help">
            {t("authnTreeHelp")}
          </Content>
          <FlowTree
            flowAlias={alias}
            nodes={nodes}
            isReadOnly={isReadOnly}
            onRequirement={onRequirement}
            onMove={onMove}
            onConfigure={onConfigure}
            onDelete={(node) => void onDelete(node)}
            onAdd={onAdd}
          />
        </>
      )}
      {dialog}
      {confirmDialog}
    </>
  );
}
