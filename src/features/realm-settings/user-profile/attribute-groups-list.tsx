import { Link, useNavigate } from "react-router";
import type {
  UserProfileConfig,
  UserProfileGroup,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { TableEmptyState } from "../../../core/ui/table/index.ts";
import { translatePlaceholder } from "../../../core/ui/user-profile/translate-placeholder.ts";
import { toEditAttributeGroup, toNewAttributeGroup } from "./paths.ts";
import { useUserProfile } from "./use-user-profile.ts";
import "./user-profile-messages.ts";

/** The profile's attribute groups: create, edit, delete (its attributes lose the group). */
export function AttributeGroupsList({ config }: { config: UserProfileConfig }) {
  const { t } = useMessages();
  const { realm, save } = useUserProfile();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const groups = config.groups ?? [];
  const create = canManage
    ? { title: t("createGroupText"), onClick: () => navigate(toNewAttributeGroup(realm)) }
    : undefined;

  const remove = async (group: UserProfileGroup) => {
    const name = group.name ?? "";
    const agreed = await confirm({
      title: t("deleteDialogTitle"),
      children: t("upDeleteGroupConfirm", { group: name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!agreed) return;
    try {
      await save({
        ...config,
        groups: groups.filter((entry) => entry.name !== name),
        attributes: (config.attributes ?? []).map(({ group: attributeGroup, ...attribute }) =>
          attributeGroup === name ? attribute : { ...attribute, group: attributeGroup },
        ),
      });
      addAlert(t("userProfileSuccess"));
    } catch (error) {
      addError("deleteAttributeGroupError", error);
    }
  };

  if (groups.length === 0) return <TableEmptyState title={t("upNoGroups")} primaryAction={create} />;
  return (
    <>
      {create && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button onClick={create.onClick}>{create.title}</Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      <Table
        aria-label={t("attributesGroup")}
        variant="compact"
        className="kc-up-table"
        data-testid="user-profile-groups"
      >
        <Thead>
          <Tr>
            <Th>{t("groupName")}</Th>
            <Th>{t("upGroupHeader")}</Th>
            <Th>{t("displayDescription")}</Th>
            {canManage && <Th screenReaderText={t("delete")} />}
          </Tr>
        </Thead>
        <Tbody>
          {groups.map((group) => (
            <Tr key={group.name}>
              <Td dataLabel={t("groupName")}>
                <Link to={toEditAttributeGroup(realm, group.name ?? "")}>{group.name}</Link>
              </Td>
              <Td dataLabel={t("upGroupHeader")}>{translatePlaceholder(t, group.displayHeader)}</Td>
              <Td dataLabel={t("displayDescription")}>{translatePlaceholder(t, group.displayDescription)}</Td>
              {canManage && (
                <Td isActionCell>
                  <Button variant="link" isDanger onClick={() => void remove(group)}>
                    {t("delete")}
                  </Button>
                </Td>
              )}
            </Tr>
          ))}
        </Tbody>
      </Table>
      {dialog}
    </>
  );
}
