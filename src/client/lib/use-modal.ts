import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modal for as long as its component is mounted: showModal() makes the page behind
 * inert and keeps focus inside; unmounting closes it, so the page is usable again.
 */
export function useModalWhileMounted() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return ref;
}
