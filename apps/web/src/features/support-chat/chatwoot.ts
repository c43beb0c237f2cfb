import type { SupportChat } from '@crm/contracts';

/** What Chatwoot's website SDK (`/packs/js/sdk.js`) puts on window. */
interface ChatwootSdk {
  run(options: { websiteToken: string; baseUrl: string }): void;
}
interface ChatwootWidget {
  toggleBubbleVisibility(state: 'show' | 'hide'): void;
  setLocale(locale: string): void;
}
declare global {
  interface Window {
    chatwootSDK?: ChatwootSdk;
    $chatwoot?: ChatwootWidget;
    chatwootSettings?: { position?: 'left' | 'right'; type?: 'standard' | 'expanded_bubble'; locale?: string };
  }
}

let loading: Promise<void> | null = null;
let visible = true;

// The widget is ready some time after the script runs: apply what the app wants by then.
window.addEventListener('chatwoot:ready', () => window.$chatwoot?.toggleBubbleVisibility(visible ? 'show' : 'hide'));

/**
 * Loads the chat's script once and starts the widget (Chatwoot's documented embed: the SDK from the
 * installation, then `chatwootSDK.run`). A script that fails to load is forgotten, so a later page may try again.
 */
export function startChatwoot(chat: SupportChat, locale: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    window.chatwootSettings = { position: 'right', type: 'standard', locale };
    const script = document.createElement('script');
    script.src = `${chat.base_url}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () => {
      window.chatwootSDK?.run({ websiteToken: chat.website_token, baseUrl: chat.base_url });
      resolve();
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('the support chat could not be loaded'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** Shows or hides the chat's bubble (hidden on the log-in page); remembered until the widget is ready. */
export function setChatVisible(show: boolean): void {
  visible = show;
  window.$chatwoot?.toggleBubbleVisibility(show ? 'show' : 'hide');
}

/** The widget's language follows the app's. */
export const setChatLocale = (locale: string): void => window.$chatwoot?.setLocale(locale);
