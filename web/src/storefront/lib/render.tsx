// Mounting an island: React takes the mount element over (its server-rendered content was the
// no-JavaScript version) once, however many entries on the page ask.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const mounted = new WeakSet<Element>();

export function renderIsland(element: HTMLElement, node: ReactNode): void {
  if (mounted.has(element)) return;
  mounted.add(element);
  element.dataset.hydrated = 'true';
  createRoot(element).render(<StrictMode>{node}</StrictMode>);
}
