// The installment information modal (SPEC 2): the provider's static page for the shopper's
// language and the shop's country, shown as HTML; it closes on Escape, its close button or a click
// outside. A failed fetch is only a console warning (SPEC 8). Its size follows the window, checked
// 100 ms after the last resize (SPEC 9).
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../lib/modal.js';
import { infoPageUrl, type Brand } from './installments.js';

/** SPEC 9: modal resize time-out. */
export const RESIZE_DELAY_MS = 100;

export default function InstallmentModal({ brand, locale, onClose }: { brand: Brand; locale: string; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [height, setHeight] = useState(() => window.innerHeight);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    fetch(infoPageUrl(brand, locale))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = await response.text();
        // Only the page's body is shown.
        const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(text)?.[1] ?? text;
        setHtml(body);
      })
      .catch((error: unknown) => console.warn('Installment information could not be loaded', error));
  }, [brand, locale]);

  useEffect(() => {
    const onResize = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setHeight(window.innerHeight), RESIZE_DELAY_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer.current);
    };
  }, []);

  return (
    <Modal title={brand} className="sc-installment-modal" onClose={onClose} closeOnOutsideClick>
      <div className="installment-modal-body" style={{ maxHeight: Math.max(200, height - 160) }}>
        {/* The provider's page ships with the web app (same origin, no scripts run under the page's CSP). */}
        {html !== null && <div dangerouslySetInnerHTML={{ __html: html }} />}
      </div>
      <div className="sc-modal-actions">
        <button type="button" className="sc-button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
