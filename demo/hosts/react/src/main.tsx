import Keycloak from "keycloak-js";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import "./host.css";

// The page signs in with keycloak-js (its own public client) and hands the instance to the element.
const serverUrl = new URLSearchParams(location.search).get("server") ?? "http://127.0.0.1:8180";
const keycloak = new Keycloak({ url: serverUrl, realm: "master", clientId: "host-app" });
await keycloak.init({ onLoad: "login-required", pkceMethod: "S256", checkLoginIframe: false });
createRoot(document.getElementById("app")!).render(<App keycloak={keycloak} serverUrl={serverUrl} />);
