// True once the element has come within `margin` of the viewport, and from then on. Heavy content
// below the fold (the charts) loads only when someone scrolls towards it: a phone that only glances
// at the top of the dashboard never downloads or renders it. Without IntersectionObserver (old
// browsers, jsdom) it is true at once.
import { useEffect, useRef, useState } from 'react';

export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
