import type { PasswordHash } from "../realm/password-hash.ts";

/**
 * Password hashes for the seeded accounts, made once with realm/password-hash.ts
 * (pbkdf2-sha512, 210,000 iterations: Keycloak 26 defaults) so that starting a
 * fresh server does not spend a second hashing.
 */
export const SEED_PASSWORD_HASHES: Record<"admin" | "helpdesk" | "password", PasswordHash> = {
  admin: {
    secretData:
      '{"value":"U+ArIa3r3QmfaHWh9ZVCiUtpS3ch3EPiZTUHxcWXgaS6XKVAicgs5r/KyUQV9VEKP7GeWhU/B0J78K49UfVIoQ==","salt":"WCJz9RSOwPI2Ha7tiLh/pw==","additionalParameters":{}}',
    credentialData: '{"hashIterations":210000,"algorithm":"pbkdf2-sha512","additionalParameters":{}}',
  },
  helpdesk: {
    secretData:
      '{"value":"NNrbuiGyakkuRl2dUnIU4QPEKefscth85LbBNIdAE7Ow9L0S2F5JOUMXwPpP2aPpdxQDR/5nVV5jPqmXa/YPtQ==","salt":"pxnTvmEP7WLByKxeC9a34w==","additionalParameters":{}}',
    credentialData: '{"hashIterations":210000,"algorithm":"pbkdf2-sha512","additionalParameters":{}}',
  },
  password: {
    secretData:
      '{"value":"jAUw3blHBao+1ifMQlpeo/biENlT44hupd3rShIQDtT0nk9qQ+IWlcjo9WCknC2GxdkzzLsiIOppYJXcdPfFdA==","salt":"kE+hkVTwHzYW9y0Dz1wBVw==","additionalParameters":{}}',
    credentialData: '{"hashIterations":210000,"algorithm":"pbkdf2-sha512","additionalParameters":{}}',
  },
};
