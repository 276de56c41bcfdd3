import { useParams } from "react-router";
import ClientPage from "../details/client-page.tsx";

/** `/:realm/clients/:clientId/clientScopes/:tab`: the client page on its client scopes tab, sub-tab `:tab`. */
export default function ClientScopesRoutePage() {
  const { tab = "setup" } = useParams();
  return <ClientPage scopesSubTab={tab} />;
}
