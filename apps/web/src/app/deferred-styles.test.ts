import { describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './deferred-styles';

function documentWithPreload() {
  const doc = document.implementation.createHTMLDocument('app');
  const preload = doc.createElement('link');
  preload.rel = 'preload';
  preload.as = 'style';
  preload.href = '/assets/index-abc.css';
  preload.crossOrigin = '';
  preload.dataset.appStyles = '';
  doc.head.append(preload);
  return doc;
}

const appliedSheet = (doc: Document) => doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('applyDeferredStyles', () => {
  it('applies the preloaded stylesheet and waits until it is in force before the app may draw', async () => {
    const doc = documentWithPreload();
    const applied = applyDeferredStyles(doc);
    const sheet = appliedSheet(doc);
    expect(sheet?.getAttribute('href')).toBe('/assets/index-abc.css');
    expect(sheet?.hasAttribute('crossorigin')).toBe(true);
    expect(await settled(applied)).toBe(false);
    sheet?.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe(true);
  });

  it('lets the app start when the stylesheet cannot be loaded', async () => {
    const doc = documentWithPreload();
    const applied = applyDeferredStyles(doc);
    appliedSheet(doc)?.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe(true);
  });

  it('has nothing to wait for where no stylesheet was deferred (development, where Vite injects styles)', async () => {
    expect(await settled(applyDeferredStyles(document.implementation.createHTMLDocument('dev')))).toBe(true);
  });
});
