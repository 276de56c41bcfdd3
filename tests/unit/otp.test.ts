import { describe, expect, it } from "vitest";
import { base32, hotp, verifyOtp, type OtpPolicy } from "../../demo/server/src/oidc/login/otp.ts";
import type { CredentialRecord } from "../../demo/server/src/store/types.ts";

const policy: OtpPolicy = {
  type: "totp",
  algorithm: "HmacSHA1",
  digits: 6,
  period: 30,
  lookAheadWindow: 1,
  initialCounter: 0,
  codeReusable: false,
};

const credential = (secret: string, data: object): CredentialRecord => ({
  id: `c-${Math.random()}`,
  type: "otp",
  createdDate: 0,
  priority: 10,
  secretData: JSON.stringify({ value: secret }),
  credentialData: JSON.stringify(data),
});

describe("OTP", () => {
  it("HOTP gives RFC 4226's test values", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp("12345678901234567890", counter, 6, "HmacSHA1"))).toEqual(expected);
  });

  it("TOTP gives RFC 6238's test values for SHA1, SHA256 and SHA512", () => {
    const step = Math.floor(59 / 30);
    expect(hotp("12345678901234567890", step, 8, "HmacSHA1")).toBe("94287082");
    expect(hotp("12345678901234567890123456789012", step, 8, "HmacSHA256")).toBe("46119246");
    expect(hotp("1234567890".repeat(6) + "1234", step, 8, "HmacSHA512")).toBe("90693936");
  });

  it("base32 as authenticator apps read it", () => {
    expect(base32(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
  });

  it("TOTP accepts the look-ahead window either way, once per code unless reusable", () => {
    const secret = "12345678901234567890";
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    const otp = credential(secret, { subType: "totp", digits: 6, counter: 0, period: 30, algorithm: "HmacSHA1" });
    expect(verifyOtp(otp, hotp(secret, step + 2, 6, "HmacSHA1"), policy, at)).toBe(false);
    expect(verifyOtp(otp, hotp(secret, step - 1, 6, "HmacSHA1"), policy, at)).toBe(true);
    expect(verifyOtp(otp, hotp(secret, step - 1, 6, "HmacSHA1"), policy, at)).toBe(false);
    const reusable = { ...policy, codeReusable: true };
    expect(verifyOtp(otp, hotp(secret, step + 1, 6, "HmacSHA1"), reusable, at)).toBe(true);
    expect(verifyOtp(otp, hotp(secret, step + 1, 6, "HmacSHA1"), reusable, at)).toBe(true);
  });

  it("HOTP moves the stored counter past the accepted code", () => {
    const secret = "12345678901234567890";
    const otp = credential(secret, { subType: "hotp", digits: 6, counter: 3, period: 30, algorithm: "HmacSHA1" });
    const hotpPolicy = { ...policy, type: "hotp" as const };
    expect(verifyOtp(otp, "287082", hotpPolicy)).toBe(false);
    expect(verifyOtp(otp, "338314", hotpPolicy)).toBe(true);
    expect(JSON.parse(otp.credentialData).counter).toBe(5);
    expect(verifyOtp(otp, "338314", hotpPolicy)).toBe(false);
  });
});
