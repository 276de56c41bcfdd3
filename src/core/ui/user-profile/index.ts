export { UserProfileFields, type UserProfileFieldsProps } from "./user-profile-fields.tsx";
export { AttributeField } from "./attribute-field.tsx";
export { toUserFormValues, toUserRepresentation, type UserFormValues } from "./user-form-values.ts";
export {
  DOT_PLACEHOLDER,
  ROOT_ATTRIBUTES,
  encodeAttributeName,
  decodeAttributeName,
  fieldName,
  isRootAttribute,
} from "./field-names.ts";
export { userProfileErrorField, applyUserProfileErrors } from "./profile-server-errors.ts";
export { useProfileMetadataQuery, profileMetadataQueryKey } from "./profile-metadata-query.ts";
export {
  INPUT_TYPES,
  type InputType,
  type UserProfileMetadata,
  type UserProfileAttributeMetadata,
} from "./profile-types.ts";
