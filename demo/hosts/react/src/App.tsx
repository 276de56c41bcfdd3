import type Keycloak from "keycloak-js";
import { useState } from "react";
import "keycloak-admin-elements/users-admin";
import type {} from "keycloak-admin-elements/react";
import type { KcUserEventDetail } from "keycloak-admin-elements/users-admin";

/** CSS for inside the element's shadow root, handed over through its `styles` property. */
const ELEMENT_STYLES = "[part='root'] { outline: 3px solid rgb(0, 128, 96); }";

export function App({ keycloak, serverUrl }: { keycloak: Keycloak; serverUrl: string }) {
  const [shown, setShown] = useState(true);
  const [lastEvent, setLastEvent] = useState("No event yet");
  const onUpdated = (event: CustomEvent<KcUserEventDetail>) =>
    setLastEvent(`kc-user-updated ${event.detail.username ?? event.detail.id}`);
  return (
    <main>
      <h1>React host</h1>
      <button type="button" className="host-button" onClick={() => setShown((value) => !value)}>
        {shown ? "Hide users" : "Show users"}
      </button>
      <p role="status">{lastEvent}</p>
      {shown && (
        <kc-users-admin
          realm="demo"
          server-url={serverUrl}
          theme="light"
          keycloak={keycloak}
          styles={ELEMENT_STYLES}
          onkc-user-updated={onUpdated}
        />
      )}
    </main>
  );
}
