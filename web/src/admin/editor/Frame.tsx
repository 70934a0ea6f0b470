// The section editor frame: the page as render draws it, in an iframe at desktop, tablet or phone
// width. The frame is sandboxed without scripts (a payload in any field cannot run in it, and a
// Content-Security-Policy with no script source is added on top); the editor reaches into it only
// to find blocks, mark the selected one and swap in HTML render answered. A click selects the
// block under it (links and forms do nothing here); the toolbar floats above the selection.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLatest } from '../../lib/use-latest.js';

export type Device = 'desktop' | 'tablet' | 'phone';
export const DEVICE_WIDTHS: Readonly<Record<Device, number>> = { desktop: 1200, tablet: 768, phone: 375 };

/** What render answered last: the whole page, or some blocks (by their place in the page). */
export type Preview =
  { kind: 'page'; html: string; seq: number } | { kind: 'blocks'; blocks: Array<{ index: number; html: string }>; seq: number };

const FRAME_CSP = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; base-uri 'none'">`;

// The page's scripts and module preloads would only be refused by the sandbox and the policy,
// each refusal a console error in the editor: they are left out. (A script element ends at its
// first `</script`, as the HTML parser reads it; the sandbox and the policy still stand behind.)
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi;

/** The page HTML without its scripts, with the frame's own policy first in its head. */
export function frameDocument(html: string): string {
  const inert = html.replace(SCRIPT, '').replace(MODULE_PRELOAD, '');
  return /<head[^>]*>/i.test(inert) ? inert.replace(/<head[^>]*>/i, (head) => `${head}${FRAME_CSP}`) : `${FRAME_CSP}${inert}`;
}

const blockSelector = (index: number) => `[data-block-index="${index}"]`;

/** How tall the frame shows on screen (it is drawn taller when scaled down, to fill it). */
const FRAME_HEIGHT = '75vh';

/** The inner width of the element around `box` (the stage), followed as it resizes. */
function useStageWidth(box: RefObject<HTMLDivElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const stage = box.current?.parentElement;
    if (!stage) return;
    const measure = () => {
      const style = getComputedStyle(stage);
      setWidth(stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

export function Frame({
  preview,
  device,
  selected,
  onSelect,
  toolbar,
  onApplied,
}: {
  preview: Preview | undefined;
  device: Device;
  selected: number | undefined;
  onSelect: (index: number | undefined) => void;
  toolbar: ReactNode;
  /** Called once the frame shows a preview (its sequence number). */
  onApplied?: (seq: number) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [srcDoc, setSrcDoc] = useState<string>();
  const [ready, setReady] = useState(false);
  const [toolbarAt, setToolbarAt] = useState<{ top: number; left: number } | undefined>();
  // The page is drawn at the device's width and scaled down to fit the space beside the panels, so
  // the owner sees the whole width at once (no sideways scrolling); never scaled up.
  const available = useStageWidth(box);
  // The page is drawn at the device's width inside the frame's 1 px border.
  const width = DEVICE_WIDTHS[device] + 2;
  const scale = available ? Math.min(1, available / width) : 1;
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const doc = (): Document | undefined => frame.current?.contentDocument ?? undefined;

  /** Outlines the selected block (through the CSSOM, which the frame's policy does not block) and places the toolbar. */
  const onAppliedRef = useLatest(onApplied);
  const mark = useCallback(() => {
    const d = doc();
    if (!d || !frame.current || !box.current) return;
    for (const el of Array.from(d.querySelectorAll<HTMLElement>('[data-sc-selected]'))) {
      el.removeAttribute('data-sc-selected');
      el.style.outline = '';
      el.style.outlineOffset = '';
    }
    const index = selectedRef.current;
    const el = index === undefined ? null : d.querySelector<HTMLElement>(blockSelector(index));
    if (!el) {
      setToolbarAt(undefined);
      return;
    }
    el.setAttribute('data-sc-selected', '');
    el.style.outline = '2px solid #2557d6';
    el.style.outlineOffset = '4px';
    // The block's place inside the frame, in the frame's own pixels: scaled to the editor's.
    const rect = el.getBoundingClientRect();
    const s = scaleRef.current;
    const frameTop = frame.current.offsetTop;
    const frameLeft = frame.current.offsetLeft;
    const height = frame.current.clientHeight * s;
    const top = Math.min(Math.max(rect.top * s, 0), Math.max(height - 40, 0));
    setToolbarAt({ top: frameTop + top, left: frameLeft + Math.max(rect.left * s, 0) });
  }, []);

  // The first answer (and any answer before the frame loaded) becomes the frame's document.
  useEffect(() => {
    if (!preview) return;
    const d = doc();
    if (preview.kind === 'page' && (!ready || !d?.querySelector('main'))) {
      setReady(false);
      setSrcDoc(frameDocument(preview.html));
      return;
    }
    if (!d || !ready) return;
    if (preview.kind === 'page') {
      // Later pages: only the main content is swapped, so the scroll position stays. DOMParser's
      // document is inert (nothing in it loads or runs) and the frame runs no scripts.
      const parsed = new DOMParser().parseFromString(preview.html, 'text/html');
      // Left out as in frameDocument: the frame would refuse them, each refusal a console error.
      for (const el of Array.from(parsed.querySelectorAll('script, link[rel~="modulepreload" i]'))) el.remove();
      const main = parsed.querySelector('main');
      const current = d.querySelector('main');
      if (main && current) current.replaceWith(d.importNode(main, true));
      // The head too (site styles: the fonts' stylesheets and the :root rule), all but the frame's policy.
      const isPolicy = (node: Node) => node.nodeName === 'META' && (node as HTMLMetaElement).httpEquiv !== '';
      for (const node of Array.from(d.head.childNodes)) if (!isPolicy(node)) node.remove();
      for (const node of Array.from(parsed.head.childNodes)) if (!isPolicy(node)) d.head.append(d.importNode(node, true));
    } else {
      for (const { index, html } of preview.blocks) {
        const current = d.querySelector(blockSelector(index));
        if (current) current.outerHTML = html;
      }
    }
    mark();
    onAppliedRef.current?.(preview.seq);
  }, [preview, ready, mark, onAppliedRef]);

  const onLoad = () => {
    const d = doc();
    if (!d) return;
    // Listeners added from here run in the editor (the frame itself runs no scripts).
    d.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element | null;
        if (target?.closest('a, button, form, input, select, textarea, label, summary')) event.preventDefault();
        const block = target?.closest('[data-block-index]');
        selectRef.current(block ? Number(block.getAttribute('data-block-index')) : undefined);
      },
      true,
    );
    d.addEventListener('submit', (event) => event.preventDefault(), true);
    d.defaultView?.addEventListener('scroll', () => mark(), { passive: true });
    setReady(true);
    if (preview) onApplied?.(preview.seq);
  };

  useLayoutEffect(() => {
    mark();
  }, [selected, device, scale, mark]);

  // The selected block comes into view when it is chosen from outside the frame.
  useEffect(() => {
    if (selected === undefined) return;
    const el = doc()?.querySelector<HTMLElement>(blockSelector(selected));
    if (!el || !frame.current) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > frame.current.clientHeight) el.scrollIntoView({ block: 'center' });
    mark();
  }, [selected, mark]);

  return (
    <div
      className={`editor-frame-box device-${device}`}
      ref={box}
      style={{ width: Math.floor(width * scale) }}
      data-scale={scale.toFixed(3)}
    >
      <iframe
        ref={frame}
        className="editor-frame"
        title="Page preview"
        sandbox="allow-same-origin"
        srcDoc={srcDoc}
        style={{
          width,
          height: `calc(${FRAME_HEIGHT} / ${scale})`,
          transform: scale < 1 ? `scale(${scale})` : undefined,
          transformOrigin: '0 0',
        }}
        onLoad={onLoad}
        data-ready={ready ? 'true' : 'false'}
      />
      {toolbarAt && toolbar ? (
        <div className="frame-toolbar" role="toolbar" aria-label="Block" style={{ top: toolbarAt.top, left: toolbarAt.left }}>
          {toolbar}
        </div>
      ) : null}
    </div>
  );
}
