import { useParams } from "react-router";
import ClientPage from "../details/client-page.tsx";

/** `/:realm/clients/:clientId/authorization/:tab`: the client page on its authorization tab, sub-tab `:tab`. */
export default function AuthorizationRoutePage() {
  const { tab = "settings" } = useParams();
  return <ClientPage authorizationSubTab={tab} />;
}
