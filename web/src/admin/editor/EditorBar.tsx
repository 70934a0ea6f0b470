// The page editor's bar: the frame's width, the site styles panel, and (for those who may edit)
// undo and redo, the adders, the draft's state, discarding and saving.
import type { BlockKind } from './catalogue.js';
import { DEVICE_WIDTHS, type Device } from './Frame.js';
import { BlockPicker, SectionAdder } from './BlockPicker.js';

export function EditorBar({
  device,
  onDevice,
  showStyles,
  onToggleStyles,
  readOnly,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  blockCount,
  onAddBlock,
  onAddSection,
  dirty,
  busy,
  onDiscard,
  onSave,
}: {
  device: Device;
  onDevice: (device: Device) => void;
  showStyles: boolean;
  onToggleStyles: () => void;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  blockCount: number;
  onAddBlock: (kind: BlockKind) => void;
  onAddSection: (templateId: string) => void;
  dirty: boolean;
  busy: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <div className="editor-bar" role="toolbar" aria-label="Editor">
      <div className="device-switch" role="radiogroup" aria-label="Width">
        {(Object.keys(DEVICE_WIDTHS) as Device[]).map((d) => (
          <button key={d} type="button" role="radio" aria-checked={device === d} onClick={() => onDevice(d)}>
            {d === 'desktop' ? 'Desktop' : d === 'tablet' ? 'Tablet' : 'Phone'}
          </button>
        ))}
      </div>
      <button type="button" aria-pressed={showStyles} onClick={onToggleStyles}>
        Site styles
      </button>
      {readOnly ? (
        <p className="read-only-note" role="note">
          Read only: your role may view this page but not change it.
        </p>
      ) : (
        <>
          <button type="button" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" onClick={onRedo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
          <BlockPicker onPick={onAddBlock} count={blockCount} />
          <SectionAdder onAdd={onAddSection} />
          <span className="editor-state">{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
          {dirty ? (
            <button type="button" onClick={onDiscard}>
              Discard changes
            </button>
          ) : null}
          <button type="button" className="primary" disabled={busy || !dirty} onClick={onSave}>
            Save
          </button>
        </>
      )}
    </div>
  );
}
