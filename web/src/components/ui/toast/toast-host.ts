// Where the notification region lives: its own element at the end of <body>, outside the React
// root. An open MUI modal hides every other child of <body> from assistive technology
// (aria-hidden), which would silence the toasts a dialog's own actions raise ("Client added
// successfully", an 'Error'), so the host takes that attribute straight back off: the live region
// stays in the accessibility tree while the page behind the dialog is hidden.
import { useEffect, useState } from 'react';

export const TOAST_HOST_ATTRIBUTE = 'data-toast-host';

function keepAnnounced(host: HTMLElement): void {
  if (host.hasAttribute('aria-hidden')) host.removeAttribute('aria-hidden');
  if (host.hasAttribute('inert')) host.removeAttribute('inert');
}

/** The host element for the toast portal (null until mounted); removed again on unmount. */
export function useToastHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const element = document.createElement('div');
    element.setAttribute(TOAST_HOST_ATTRIBUTE, '');
    document.body.appendChild(element);
    const observer = new MutationObserver(() => keepAnnounced(element));
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden', 'inert'] });
    setHost(element);
    return () => {
      observer.disconnect();
      element.remove();
      setHost(null);
    };
  }, []);

  return host;
}
