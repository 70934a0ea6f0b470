// The signed-in layout: the website switcher and the owner's menu on top, the areas the role may
// see on the side, the current screen (inside an error boundary, and a Suspense boundary while
// its area's chunk loads) in the main region.
import { Suspense, useRef, useState } from 'react';
import { OwnerUiMessages, roleName } from '@sc/contracts';
import { ErrorBoundary } from './ErrorBoundary.js';
import { areasFor, type Area } from './areas.js';
import { useCellLabels } from './cell-labels.js';
import { CommandPalette } from './CommandPalette.js';
import { MenuSheet } from './MenuSheet.js';
import { ROUTES } from './routes.js';
import { Link, mayLeave, Routes, useLocation } from './router.js';
import { useSession } from './session.js';
import { Page } from './ui.js';
import { LeaveQuestion } from './unsaved.js';
import { WebsiteSwitcher } from './WebsiteSwitcher.js';

export function Layout() {
  const session = useSession();
  const { path } = useLocation();
  const [problem, setProblem] = useState<string>();
  const areas = areasFor(session.can);
  const main = useRef<HTMLElement>(null);
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
        <CommandPalette areas={areas} />
        <span className="who">{who}</span>
        <button type="button" className="sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
        <MenuSheet areas={areas} isCurrent={isCurrent} who={who} onSignOut={() => void signOut()} />
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
