/**
 * Starting a screen's download before it is opened, from anywhere in the app without importing the
 * router (which imports every screen: a screen importing it back would make a cycle). The router sets
 * the one preloader (`preloadScreen` in router.tsx, which knows each path's loader) when it loads.
 */
let preloader: ((pathname: string) => void) | null = null;

export function setScreenPreloader(fn: (pathname: string) => void): void {
  preloader = fn;
}

/** Starts downloading the code of the screen at `pathname`; the browser loads each module once. */
export function preloadScreenAt(pathname: string): void {
  preloader?.(pathname);
}
