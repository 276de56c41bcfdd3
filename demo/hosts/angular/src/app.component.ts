import { CUSTOM_ELEMENTS_SCHEMA, Component, InjectionToken, inject, signal } from "@angular/core";
import type Keycloak from "keycloak-js";
import "keycloak-admin-elements/users-admin";
import type { KcUserEventDetail } from "keycloak-admin-elements/users-admin";

export const KEYCLOAK = new InjectionToken<Keycloak>("keycloak-js instance");
export const SERVER_URL = new InjectionToken<string>("Keycloak server URL");

/** CSS for inside the element's shadow root, handed over through its `styles` property. */
const ELEMENT_STYLES = "[part='root'] { outline: 3px solid rgb(0, 128, 96); }";

@Component({
  selector: "kc-host-root",
  // Angular leaves tags it does not know to the browser only with this schema.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Angular host</h1>
      <button type="button" class="host-button" (click)="shown.set(!shown())">
        {{ shown() ? "Hide users" : "Show users" }}
      </button>
      <p role="status">{{ lastEvent() }}</p>
      @if (shown()) {
        <kc-users-admin
          realm="demo"
          theme="light"
          [attr.server-url]="serverUrl"
          [keycloak]="keycloak"
          [styles]="elementStyles"
          (kc-user-updated)="onUpdated($event)"
        ></kc-users-admin>
      }
    </main>
  `,
})
export class AppComponent {
  readonly keycloak = inject(KEYCLOAK);
  readonly serverUrl = inject(SERVER_URL);
  readonly elementStyles = ELEMENT_STYLES;
  readonly shown = signal(true);
  readonly lastEvent = signal("No event yet");

  onUpdated(event: Event) {
    const { detail } = event as CustomEvent<KcUserEventDetail>;
    this.lastEvent.set(`kc-user-updated ${detail.username ?? detail.id}`);
  }
}
