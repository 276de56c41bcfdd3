package dev.kcconsole.extension;

import java.util.List;
import java.util.Map;
import org.keycloak.component.ComponentModel;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.services.ui.extend.UiTabProvider;
import org.keycloak.services.ui.extend.UiTabProviderFactory;

/** The `client-owner` tab of every client. */
public class ClientOwnerTab extends ConfiguredFactory<UiTabProvider> implements UiTabProviderFactory<ComponentModel> {
    public ClientOwnerTab() {
        super("client-owner", "The team that answers for this client.", List.of(
                property("team", "Owning team", "The team that runs the application.",
                        ProviderConfigProperty.STRING_TYPE, null),
                property("contact", "Contact", "Whom to ask about the application.",
                        ProviderConfigProperty.STRING_TYPE, null)));
    }

    @Override
    public String getPath() {
        return "/:realm/clients/:id/:tab?";
    }

    @Override
    public Map<String, String> getParams() {
        return Map.of("tab", "owner");
    }
}
