// The signed-in layout: the website switcher and the owner's menu on top, the areas the role may
// see on the side, the current screen (inside an error boundary, and a Suspense boundary while
// its area's chunk loads) in the main region.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { OwnerUiMessages, roleName } from '@sc/contracts';
import { ErrorBoundary } from './ErrorBoundary.js';
import { areasFor, type Area } from './areas.js';
import { useCellLabels } from './cell-labels.js';
import { ROUTES } from './routes.js';
import { Link, mayLeave, Routes, useLocation } from './router.js';
import { useSession } from './session.js';
import { Page } from './ui.js';
import { LeaveQuestion } from './unsaved.js';
import { useToasts } from './ds/toast.js';
import { WebsiteSwitcher } from './WebsiteSwitcher.js';

// The phone's menu and the command palette come with Radix's dialog: their own chunk, loaded on
// first use, so the shell every screen waits for stays small.
const MenuSheet = lazy(() => import('./MenuSheet.js').then((m) => ({ default: m.MenuSheet })));
const CommandPalette = lazy(() => import('./CommandPalette.js').then((m) => ({ default: m.CommandPalette })));
// Toasts too: Radix's toast arrives with the first one.
const Toaster = lazy(() => import('./ds/Toaster.js'));

/** The toasts, once there has been one. */
function Toasts() {
  const notes = useToasts();
  const [used, setUsed] = useState(false);
  if (notes.length > 0 && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <Toaster notes={notes} />
    </Suspense>
  ) : null;
}

export function Layout() {
  const session = useSession();
  const { path } = useLocation();
  const [problem, setProblem] = useState<string>();
  const areas = areasFor(session.can);
  const main = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Ctrl+K (⌘K on a Mac) opens and closes the palette anywhere in the app.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useCellLabels(main);
  const isCurrent = (area: Area) => (area.to === '/' ? path === '/' : path === area.to || path.startsWith(`${area.to}/`));
  const who = `${session.info.email} · ${session.info.roles.map((r) => roleName(r)).join(', ') || 'no role'}`;
  const signOut = async () => {
    if (!(await mayLeave())) return;
    await session.signOut().catch((failure: unknown) => setProblem(failure instanceof Error ? failure.message : String(failure)));
  };

  return (
    <div className="admin">
      <header className="topbar">
        <Link to="/" className="brand">
          Admin
        </Link>
        <WebsiteSwitcher />
        <button
          type="button"
          className="palette-button"
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setPaletteOpen(true)}
        >
          <span aria-hidden="true">⌕</span> <span className="palette-label">Find anything</span> <kbd aria-hidden="true">Ctrl K</kbd>
        </button>
        <span className="who">{who}</span>
        <button type="button" className="sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
        <button
          type="button"
          className="menu-button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <Suspense fallback={null}>
          {menuOpen ? (
            <MenuSheet
              open={menuOpen}
              onOpenChange={setMenuOpen}
              areas={areas}
              isCurrent={isCurrent}
              who={who}
              onSignOut={() => void signOut()}
            />
          ) : null}
          {paletteOpen ? <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} areas={areas} /> : null}
        </Suspense>
        {problem ? <span role="alert">{problem}</span> : null}
      </header>
      <nav className="sidebar" aria-label="Admin">
        <ul>
          {areas.map((area) => (
            <li key={area.to}>
              <Link to={area.to} aria-current={isCurrent(area) ? 'page' : undefined}>
                {area.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" ref={main}>
        <ErrorBoundary resetKey={path}>
          {/* An area's screens arrive as their own chunk on its first visit (routes.tsx). Keyed by
              area: while a new area loads, the previous area's screen is gone, not kept hidden. */}
          <Suspense key={path.split('/')[1] ?? ''} fallback={<p aria-busy="true">Loading…</p>}>
            <Routes routes={ROUTES} fallback={(missing) => <NotFound path={missing} />} />
          </Suspense>
        </ErrorBoundary>
      </main>
      <LeaveQuestion />
      <Toasts />
    </div>
  );
}

/** SPEC 8: a not-found error carries the path. */
function NotFound({ path }: { path: string }) {
  return (
    <Page title="Not found">
      <p role="alert">
        {OwnerUiMessages.unableToLocateContent}: <code>{path}</code>
      </p>
    </Page>
  );
}
