// A refused save's two versions, side by side, and the owner's choice between them.
import type { Collection } from '@sc/contracts';
import { blockLabel } from './catalogue.js';
import * as M from './model.js';

/** Both versions after a refused save: the owner's (still here, still kept in the browser) and the one saved meanwhile. */
export function Conflict({
  message,
  theirs,
  mine,
  viewingTheirs,
  onView,
  onKeepMine,
  onUseTheirs,
}: {
  message: string;
  theirs: Collection;
  mine: M.Draft;
  viewingTheirs: boolean;
  onView: (theirs: boolean) => void;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  const list = (draft: M.Draft) => draft.sections.flatMap((s) => s.blocks);
  const theirsDraft = M.draftOf(theirs.layout);
  const text = (b: M.EditorBlock) => {
    const value = ['text', 'label', 'html', 'title'].map((k) => b.data[k]).find((v): v is string => typeof v === 'string');
    return value
      ? value
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 60)
      : '';
  };
  return (
    <div className="conflict" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      <p>
        This page was saved by someone else after you opened it. Nothing is lost: your version is still here (and kept in this browser),
        theirs is saved. Choose which one to keep.
      </p>
      <div className="conflict-versions">
        <div>
          <h3>Your version</h3>
          <ol aria-label="Your version">
            {list(mine).map((b) => (
              <li key={b.id}>
                {blockLabel(b)} {text(b)}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3>Saved version</h3>
          <ol aria-label="Saved version">
            {list(theirsDraft).map((b) => (
              <li key={b.id}>
                {blockLabel(b)} {text(b)}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <div className="row">
        <button type="button" onClick={() => onView(!viewingTheirs)}>
          {viewingTheirs ? 'Show my version in the frame' : 'Show the saved version in the frame'}
        </button>
        <button type="button" className="primary" onClick={onKeepMine}>
          Keep my version
        </button>
        <button type="button" onClick={onUseTheirs}>
          Use the saved version
        </button>
      </div>
    </div>
  );
}
