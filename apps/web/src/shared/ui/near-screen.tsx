import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Draws its children once their place is near the screen, a box of `minHeight` until then: a card
 * below the fold (a phone shows the first few) costs nothing while the page's first screen is drawn.
 * Without IntersectionObserver (tests, old browsers) the children are drawn at once.
 */
export function NearScreen({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={box} style={{ minHeight }} />;
}
