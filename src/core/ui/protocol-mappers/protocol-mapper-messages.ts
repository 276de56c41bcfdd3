import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the protocol-mapper tab, its add dialogs and the mapper details form. */
export const protocolMapperMessages = {
  mappers: "Mappers",
  type: "Type",
  addMapper: "Add mapper",
  byConfiguration: "By configuration",
  fromPredefinedMapper: "From predefined mappers",
  emptyMappers: "No mappers",
  emptyMappersInstructions:
    "If you want to add mappers, please click the button below to add some predefined mappers or to configure a new mapper.",
  emptyPrimaryAction: "Add predefined mapper",
  emptySecondaryAction: "Configure a new mapper",
  searchForMapper: "Search for mapper",
  category: "Category",
  priority: "Priority",
  mapperType: "Mapper type",
  chooseAMapperType: "Choose a mapper type",
  addPredefinedMappers: "Add predefined mappers",
  predefinedMappingDescription: "Choose any of the predefined mappings from this table",
  mappingCreatedSuccess: "Mapping successfully created",
  mappingCreatedError: "Could not create mapping: '{{error}}'",
  mappingUpdatedSuccess: "Mapping successfully updated",
  mappingUpdatedError: "Could not update mapping: '{{error}}'",
  mappingDeletedSuccess: "Mapping successfully deleted",
  mappingDeletedError: "Could not delete mapping: '{{error}}'",
  deleteMappingTitle: "Delete mapping?",
  deleteMappingConfirm: "Are you sure you want to delete this mapping?",
  mappingDetails: "Mapper details",
  mapperNameHelp: "Name of the mapper",
  mapperNotFound: "This mapper does not exist.",
  mapperLoadFailed: "The mappers could not be loaded: {{message}}",
  mapperTypeNotFound: "The server does not offer the mapper type {{type}}.",
  mapperTable: "Mappers of {{name}}",
  mapperTypes: "Mapper types",
  predefinedMappers: "Predefined mappers",
  noPredefinedMappersLeft: "Every predefined mapper of this protocol is already added.",
};

registerMessages("ui-protocol-mappers", protocolMapperMessages);
