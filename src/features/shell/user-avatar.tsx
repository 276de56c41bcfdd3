import { Avatar } from "@patternfly/react-core/dist/esm/components/Avatar/index.js";

const SILHOUETTE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#d2d2d2"/><circle cx="16" cy="12" r="6" fill="#8a8d90"/><path d="M4 30c1-7 6-10 12-10s11 3 12 10z" fill="#8a8d90"/></svg>',
  );

/** The identity token's picture, else a default silhouette. */
export function UserAvatar({ picture }: { picture?: string }) {
  return <Avatar src={picture || SILHOUETTE} alt="" size="sm" />;
}
