import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";

/** The tab of a client with authorization services on; their screens belong to the permissions area. */
export function ClientAuthorizationTab() {
  const { t } = useMessages();
  return <Content component="p">{t("clientsAuthorizationElsewhere")}</Content>;
}
