export { ProtocolMappersTab, type ProtocolMappersTabProps } from "./protocol-mappers-tab.tsx";
export { ProtocolMapperDetails, type ProtocolMapperDetailsProps } from "./mapper-details.tsx";
export { MapperTypeDialog } from "./mapper-type-dialog.tsx";
export { PredefinedMappersDialog } from "./predefined-mappers-dialog.tsx";
export { mapperConfig, mapperFormConfig, mapperServerErrors, type MapperFormValues } from "./mapper-config.ts";
export { protocolMapperKeys, type MapperLinks, type MapperOwner } from "./mapper-owner.ts";
