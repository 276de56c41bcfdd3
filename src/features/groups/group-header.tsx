import { useState } from "react";
import { useNavigate } from "react-router";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/use-confirm.tsx";
import { GroupActionsMenu } from "./group-actions-menu.tsx";
import { GroupNameDialog } from "./group-name-dialog.tsx";
import { toGroups } from "./routes.ts";
import { useGroupActions } from "./use-group-actions.ts";
import { groupMay } from "./group-access.ts";
import "./messages.ts";

/** The open group's name and description, with rename and delete for managers. */
export function GroupHeader({ group, pathIds }: { group: GroupRepresentation; pathIds: string[] }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const canManage = groupMay(useAccess(), group, "manage");
  const [isRenaming, setRenaming] = useState(false);
  const { confirm, dialog } = useConfirm();
  const actions = useGroupActions(() => undefined);
  const remove = async () => {
    const confirmed = await confirm({
      title: t("deleteConfirmTitle", { count: 1 }),
      children: t("deleteGroupBody"),
      variant: "destructive",
    });
    if (!confirmed) return;
    await actions.remove([group.id ?? ""]).then(
      () => navigate(toGroups(realm, pathIds.slice(0, -1))),
      () => undefined,
    );
  };
  return (
    <Flex justifyContent={{ default: "justifyContentSpaceBetween" }} alignItems={{ default: "alignItemsCenter" }}>
      <FlexItem>
        <Title headingLevel="h1">{group.name}</Title>
        {group.description && <Content component="p">{group.description}</Content>}
      </FlexItem>
      {canManage && (
        <FlexItem>
          <GroupActionsMenu onRename={() => setRenaming(true)} onDelete={() => void remove()} />
        </FlexItem>
      )}
      {isRenaming && (
        <GroupNameDialog
          title={t("renameGroup")}
          submitLabel={t("save")}
          defaultValues={{ name: group.name ?? "", description: group.description ?? "" }}
          onSubmit={(values) => actions.rename(group.id ?? "", values)}
          onClose={() => setRenaming(false)}
        />
      )}
      {dialog}
    </Flex>
  );
}
