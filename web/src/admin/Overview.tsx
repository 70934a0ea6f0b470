// The first screen after sign-in: who is signed in, on which website, and the way into each area
// the role allows.
import { roleName } from '@sc/contracts';
import { areasFor } from './routes.js';
import { Link } from './router.js';
import { useSession } from './session.js';
import { Page } from './ui.js';

export function Overview() {
  const { info, can } = useSession();
  const areas = areasFor(can).filter((a) => a.to !== '/');
  return (
    <Page title="Site admin">
      <p>
        Signed in as <strong>{info.email}</strong> on website <code>{info.websiteId}</code>, role: {info.roles.map((role) => roleName(role)).join(', ') || 'none'}.
      </p>
      {areas.length === 0 ? (
        <p role="status">You have no role on this website yet. Ask one of its admins to add you to the team.</p>
      ) : (
        <ul className="cards">
          {areas.map((area) => (
            <li key={area.to}>
              <Link to={area.to}>{area.label}</Link>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>What you may do here</summary>
        <ul>
          {info.permissions.map((permission) => (
            <li key={permission}>{permission}</li>
          ))}
        </ul>
      </details>
    </Page>
  );
}
