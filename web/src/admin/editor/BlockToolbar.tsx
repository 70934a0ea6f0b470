// The toolbar the frame shows on the selected block: its name, moving, duplicating and removing it
// (for those who may edit), and a jump to its settings.
export interface BlockActions {
  up: () => void;
  down: () => void;
  duplicate: () => void;
  remove: () => void;
  settings: () => void;
}

export function BlockToolbar({ name, readOnly, actions }: { name: string; readOnly: boolean; actions: BlockActions }) {
  return (
    <>
      <span className="frame-toolbar-name">{name}</span>
      {readOnly ? null : (
        <>
          <button type="button" aria-label="Move block up" title="Move up" onClick={actions.up}>
            ↑
          </button>
          <button type="button" aria-label="Move block down" title="Move down" onClick={actions.down}>
            ↓
          </button>
          <button type="button" aria-label="Duplicate block" title="Duplicate" onClick={actions.duplicate}>
            ⧉
          </button>
          <button type="button" aria-label="Remove block" title="Remove" onClick={actions.remove}>
            ✕
          </button>
        </>
      )}
      <button type="button" aria-label="Block settings" title="Settings" onClick={actions.settings}>
        ⚙
      </button>
    </>
  );
}
