import { useEffect } from 'react';

/** Facebook's `fbq`: calls made before its script arrives wait in `queue` (its own snippet, written out). */
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const started = new Set<string>();

function fbqStub(): Fbq {
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  return fbq;
}

/** Loads the pixel once per page and id, and counts the page view. */
function startPixel(pixelId: string): void {
  if (started.has(pixelId)) return;
  started.add(pixelId);
  if (!window.fbq) {
    window.fbq = fbqStub();
    window._fbq ??= window.fbq;
    const script = document.createElement('script');
    script.async = true;
    script.src = PIXEL_SCRIPT;
    document.head.append(script);
  }
  window.fbq('init', pixelId);
  window.fbq('track', 'PageView');
}

/** The form's Facebook pixel, only when the form names one (its id is digits only: pixelIdSchema). */
export function useFacebookPixel(pixelId: string | null | undefined): void {
  useEffect(() => {
    if (pixelId) startPixel(pixelId);
  }, [pixelId]);
}

/** An answer sent: a lead form's is a Lead, any other a CompleteRegistration. */
export function trackAnswer(isLead: boolean): void {
  window.fbq?.('track', isLead ? 'Lead' : 'CompleteRegistration');
}
