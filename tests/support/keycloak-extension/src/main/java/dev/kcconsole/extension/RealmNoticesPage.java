package dev.kcconsole.extension;

import java.util.List;
import org.keycloak.component.ComponentModel;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.services.ui.extend.UiPageProvider;
import org.keycloak.services.ui.extend.UiPageProviderFactory;

/** The `realm-notices` page: notices for the realm's administrators, as the embedded server reports it. */
public class RealmNoticesPage extends ConfiguredFactory<UiPageProvider> implements UiPageProviderFactory<ComponentModel> {
    public RealmNoticesPage() {
        super("realm-notices", "Notices shown to the administrators of this realm.", List.of(
                property("message", "Message", "The text of the notice.", ProviderConfigProperty.STRING_TYPE, null),
                property("severity", "Severity", "How urgent the notice is.", ProviderConfigProperty.LIST_TYPE, "info",
                        "info", "warning", "danger"),
                property("pinned", "Pinned", "Whether the notice stays on top.", ProviderConfigProperty.BOOLEAN_TYPE,
                        "false"),
                property("days", "Days shown", "For how many days the notice is shown.",
                        ProviderConfigProperty.INTEGER_TYPE, "7")));
    }
}
