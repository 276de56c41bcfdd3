export function chromiumPath(): string;
export function chromiumArgs(executablePath?: string): string[];
export function chromiumLaunchOptions(): { executablePath: string; headless: true; args: string[] };
