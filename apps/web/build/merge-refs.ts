/**
 * `useMergeRefs` as @floating-ui/react 0.27 has it (MIT licence, © Floating UI contributors), alone. Mantine's
 * ScrollArea takes only this hook from @floating-ui/react, and with it the bundle took the whole positioning library
 * into every page that shows a table; scroll-area-refs.ts points ScrollArea here instead.
 */
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

type Cleanup = () => void;

export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): RefCallback<T> | null {
  const cleanupRef = useRef<Cleanup | undefined>(undefined);
  const refEffect = useCallback((instance: T) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCleanup = ref(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => void ref(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => cleanups.forEach((refCleanup) => refCleanup?.());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are the dependencies, as in the original
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: T) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are the dependencies, as in the original
  }, refs);
}
