import { cpus, freemem, totalmem, arch, release, type, userInfo } from "node:os";

export const SERVER_VERSION = "26.7.3";
const startedAt = Date.now();

function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d} days, ${h} hours, ${m} minutes, ${seconds % 60} seconds`;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function systemInfo(version: string) {
  const uptimeMillis = Date.now() - startedAt;
  return {
    version,
    serverTime: new Date().toString(),
    uptime: formatDuration(uptimeMillis),
    uptimeMillis,
    javaVersion: "21",
    javaVendor: "Node.js",
    javaVm: "V8",
    javaVmVersion: process.versions.v8,
    javaRuntime: `Node.js ${process.version}`,
    javaHome: process.execPath,
    osName: type(),
    osArchitecture: arch(),
    osVersion: release(),
    fileEncoding: "UTF-8",
    userName: userInfo().username,
    userDir: process.cwd(),
    userTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userLocale: "en_US",
    isRunningInContainer: false,
  };
}

export function memoryInfo() {
  const total = totalmem();
  const free = freemem();
  return {
    total,
    totalFormated: megabytes(total),
    used: total - free,
    usedFormated: megabytes(total - free),
    free,
    freePercentage: Math.round((free / total) * 100),
    freeFormated: megabytes(free),
  };
}

export const cpuInfo = () => ({ processorCount: cpus().length });

export const cryptoInfo = () => ({
  cryptoProvider: "DefaultCryptoProvider",
  supportedKeystoreTypes: ["JKS", "PKCS12", "BCFKS"],
  clientSignatureSymmetricAlgorithms: ["HS256", "HS384", "HS512"],
  clientSignatureAsymmetricAlgorithms: [
    "ES256",
    "ES384",
    "ES512",
    "EdDSA",
    "PS256",
    "PS384",
    "PS512",
    "RS256",
    "RS384",
    "RS512",
  ],
});
