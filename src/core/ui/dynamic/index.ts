export { DynamicComponents, type DynamicComponentsProps } from "./dynamic-components.tsx";
export {
  fromComponentConfig,
  toComponentConfig,
  type ComponentConfig,
  type ConfigFormValues,
  type ConfigFormValue,
} from "./component-config.ts";
export {
  PROPERTY_TYPES,
  SECRET_MASK,
  configFieldName,
  type ConfigProperty,
  type PropertyType,
} from "./config-property.ts";
