import { useState, type Ref } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import EllipsisVIcon from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { useOrganizationEvents } from "./organization-events.tsx";
import { deleteOrganization, organizationKey, organizationsKey, type Organization } from "./organization-queries.ts";
import { toOrganizations } from "./paths.ts";
import "./messages.ts";

/** The organization's name, a 'disabled' badge, and its actions menu (delete). */
export function OrganizationHeader({ organization }: { organization: Organization }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const events = useOrganizationEvents();
  const { confirm, dialog } = useConfirm();
  const [isMenuOpen, setMenuOpen] = useState(false);

  const remove = async () => {
    setMenuOpen(false);
    const confirmed = await confirm({
      title: t("organizationDelete"),
      children: t("organizationDeleteConfirm"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed || !organization.id) return;
    try {
      await deleteOrganization(adminClient, realm, organization.id);
      events.deleted(organization.id, organization.name);
      addAlert(t("organizationDeletedSuccess"));
      navigate(toOrganizations(realm));
      queryClient.removeQueries({ queryKey: organizationKey(realm, organization.id) });
      await queryClient.invalidateQueries({ queryKey: organizationsKey(realm), refetchType: "none" });
    } catch (error) {
      addError("orgDeleteFailed", error);
    }
  };

  return (
    <PageSection>
      <Flex alignItems={{ default: "alignItemsCenter" }}>
        <FlexItem>
          <Title headingLevel="h1">{organization.name}</Title>
        </FlexItem>
        {organization.enabled === false && (
          <FlexItem>
            <Label color="grey">{t("disabled")}</Label>
          </FlexItem>
        )}
        <FlexItem align={{ default: "alignRight" }}>
          <Dropdown
            isOpen={isMenuOpen}
            onOpenChange={setMenuOpen}
            popperProps={{ position: "right" }}
            toggle={(toggleRef: Ref<MenuToggleElement>) => (
              <MenuToggle
                ref={toggleRef}
                variant="plain"
                aria-label={t("orgActions")}
                isExpanded={isMenuOpen}
                onClick={() => setMenuOpen(!isMenuOpen)}
                icon={<EllipsisVIcon />}
              />
            )}
          >
            <DropdownList>
              <DropdownItem isDanger onClick={() => void remove()}>
                {t("delete")}
              </DropdownItem>
            </DropdownList>
          </Dropdown>
        </FlexItem>
      </Flex>
      {dialog}
    </PageSection>
  );
}
