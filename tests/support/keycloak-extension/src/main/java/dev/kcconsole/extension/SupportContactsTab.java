package dev.kcconsole.extension;

import java.util.List;
import java.util.Map;
import org.keycloak.component.ComponentModel;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.services.ui.extend.UiTabProvider;
import org.keycloak.services.ui.extend.UiTabProviderFactory;

/** The `support-contacts` tab of realm settings. */
public class SupportContactsTab extends ConfiguredFactory<UiTabProvider> implements UiTabProviderFactory<ComponentModel> {
    public SupportContactsTab() {
        super("support-contacts", "Who the realm's users contact for help.", List.of(
                property("email", "Support email", "Where users write for help.", ProviderConfigProperty.STRING_TYPE,
                        null),
                property("hours", "Support hours", "When someone answers.", ProviderConfigProperty.STRING_TYPE, null),
                property("onCall", "On call at night", "Whether someone answers outside the support hours.",
                        ProviderConfigProperty.BOOLEAN_TYPE, "false")));
    }

    @Override
    public String getPath() {
        return "/:realm/realm-settings/:tab?";
    }

    @Override
    public Map<String, String> getParams() {
        return Map.of("tab", "support-contacts");
    }
}
