import { bootstrapApplication } from "@angular/platform-browser";
import Keycloak from "keycloak-js";
import { AppComponent, KEYCLOAK, SERVER_URL } from "./app.component";

// The page signs in with keycloak-js (its own public client) and hands the instance to the element.
const serverUrl = new URLSearchParams(location.search).get("server") ?? "http://127.0.0.1:8180";
const keycloak = new Keycloak({ url: serverUrl, realm: "master", clientId: "host-app" });
keycloak
  .init({ onLoad: "login-required", pkceMethod: "S256", checkLoginIframe: false })
  .then(() =>
    bootstrapApplication(AppComponent, {
      providers: [
        { provide: KEYCLOAK, useValue: keycloak },
        { provide: SERVER_URL, useValue: serverUrl },
      ],
    }),
  )
  .catch((error: unknown) => console.error(error));
