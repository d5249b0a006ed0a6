export const REQUIRED_PLATFORM_PACKAGES: string[];
export function lockProblems(lock: {
  packages?: Record<string, { optionalDependencies?: Record<string, string> }>;
}): string[];
export const SUPPORTED_NODE: string[];
export function engineProblems(lock: {
  packages?: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } }>;
}): string[];
