package dev.kcconsole.extension;

import java.util.List;
import org.keycloak.Config;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.provider.ProviderConfigProperty;

/** What every provider of this extension shares: an id, a help text and its properties; no lifecycle of its own. */
abstract class ConfiguredFactory<P> {
    private final String id;
    private final String helpText;
    private final List<ProviderConfigProperty> properties;

    ConfiguredFactory(String id, String helpText, List<ProviderConfigProperty> properties) {
        this.id = id;
        this.helpText = helpText;
        this.properties = properties;
    }

    public String getId() {
        return id;
    }

    public String getHelpText() {
        return helpText;
    }

    public List<ProviderConfigProperty> getConfigProperties() {
        return properties;
    }

    public P create(KeycloakSession session) {
        return null;
    }

    public void init(Config.Scope config) {}

    public void postInit(KeycloakSessionFactory factory) {}

    public void close() {}

    static ProviderConfigProperty property(String name, String label, String helpText, String type, Object defaultValue,
            String... options) {
        ProviderConfigProperty property = new ProviderConfigProperty(name, label, helpText, type, defaultValue);
        if (options.length > 0) property.setOptions(List.of(options));
        return property;
    }
}
