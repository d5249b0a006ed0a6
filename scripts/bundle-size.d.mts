// Types of scripts/bundle-size.mjs for its TypeScript users (bench/).
export interface Budget {
  route: string;
  screen: string;
  maxGzipKb: number;
}
export interface ScreenSize {
  screen: string;
  files: string[];
  bytes: number;
  gzip: number;
}
export const BUDGETS: Budget[];
export function gzipSize(buf: Buffer): number;
export function screenSizes(distDir: string): ScreenSize[];
