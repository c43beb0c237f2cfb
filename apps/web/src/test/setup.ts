import { LANGUAGES } from '@crm/contracts';
import { configure } from '@testing-library/react';
import { preloadLanguages } from '../i18n/i18n';

// jsdom has no matchMedia; antd's responsive helpers need one.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Nor ResizeObserver, which antd's tables and inputs observe with.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom cannot compute styles of pseudo-elements; antd only measures scroll bars with it.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// Every language's wording loaded before the tests, so a test switches language in one step.
await preloadLanguages(LANGUAGES);

// findBy…/waitFor wait up to 20 s, not Testing Library's 1 s: antd pages render slowly in jsdom, and on a
// busy 2-core machine (CI's tests beside a build) a page that is right can take longer than a second.
configure({ asyncUtilTimeout: 20_000 });
