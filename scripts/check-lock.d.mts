export const REQUIRED_PLATFORM_PACKAGES: string[];
export function lockProblems(lock: {
  packages?: Record<string, { optionalDependencies?: Record<string, string> }>;
}): string[];
