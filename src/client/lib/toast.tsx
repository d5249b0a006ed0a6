import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * sonner (about 10 kB gzip) is loaded the first time a screen shows a toast, not with the first screen
 * (decision 0140). `toast.success` / `toast.error` / `toast.info` take what sonner's do; the call loads sonner, mounts
 * `<ToastHost>`'s Toaster and shows the toast (sonner replays a toast created before its Toaster
 * subscribes).
 */
type Sonner = typeof import('sonner');
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | null = null;
const onWanted = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const notify of onWanted) notify();
  }
  return sonner;
}

export const toast = {
  success(message: string, options?: ToastOptions) {
    void loadSonner().then(
      (m) => m.toast.success(message, options),
      () => {},
    );
  },
  error(message: string, options?: ToastOptions) {
    void loadSonner().then(
      (m) => m.toast.error(message, options),
      () => {},
    );
  },
  info(message: string, options?: ToastOptions) {
    void loadSonner().then(
      (m) => m.toast.info(message, options),
      () => {},
    );
  },
};

const LazyToaster = lazy<ComponentType<ComponentProps<Sonner['Toaster']>>>(() =>
  loadSonner().then(
    (m) => ({ default: m.Toaster }),
    // A lost connection while fetching sonner must not take the page down: no toasts, the screen stays.
    () => ({ default: () => null }),
  ),
);

/** Renders sonner's Toaster once the first toast is asked for. */
export function ToastHost(props: ComponentProps<Sonner['Toaster']>) {
  const [wanted, setWanted] = useState(sonner !== null);
  useEffect(() => {
    if (sonner) {
      setWanted(true);
      return;
    }
    const notify = () => setWanted(true);
    onWanted.add(notify);
    return () => {
      onWanted.delete(notify);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
