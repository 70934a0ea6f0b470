// The page editor: the page as visitors will see it (render's preview of the draft, in the section
// editor frame), its structure, and the settings of what is selected. Every change is a step in
// the history (Ctrl+Z, Ctrl+Shift+Z), shows in the frame before saving (only the changed blocks
// are rendered again when nothing else moved), and is kept in this browser until saved, so a
// reload loses nothing. Save publishes; a save made from an older version than the stored one is
// refused by content and both versions stay visible until the owner chooses. Owners who may not
// edit content see the same screen read-only. This module is its own chunk of the admin app.
import { useCallback, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import { Permission, type Collection } from '@sc/contracts';
import { useSession } from '../session.js';
import { Problem } from '../ui.js';
import { useUnsavedChanges } from '../unsaved.js';
import { useSources } from './SourceFields.js';
import { BlockToolbar } from './BlockToolbar.js';
import { blockLabel, type BlockKind } from './catalogue.js';
import { Conflict } from './Conflict.js';
import { EditorBar } from './EditorBar.js';
import { Frame, type Device } from './Frame.js';
import * as M from './model.js';
import { Outline } from './Outline.js';
import { PASTE_LIMIT_BYTES, pasteSize, pasteTooLarge } from './paste-limit.js';
import { SettingsPanel } from './SettingsPanel.js';
import { useDraft } from './useDraft.js';
import { usePageSave } from './usePageSave.js';
import { usePreview } from './usePreview.js';
import { useSiteStyles } from './useSiteStyles.js';
import './editor.css';

export function PageEditor({ collection, onSaved }: { collection: Collection; onSaved: (c: Collection) => void }) {
  const { websiteId, can } = useSession();
  const readOnly = !can(Permission.CONTENT_EDIT);
  const state = useDraft(websiteId, collection, readOnly);
  const { draft, dirty } = state;
  const [selectedId, setSelectedId] = useState<string>();
  const [selectedSection, setSelectedSection] = useState<string>();
  const [device, setDevice] = useState<Device>('desktop');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const sources = useSources();
  const panel = useRef<HTMLDivElement>(null);
  // Site styles: the saved ones, the panel's draft (previewed in the frame until saved).
  const styles = useSiteStyles(websiteId, { setError, setNotice });
  const saving = usePageSave(websiteId, collection.id, state, { setError, setNotice, showBlock: setSelectedId, onSaved });
  const { conflict, viewTheirs } = saving;
  // The bar, Save and Discard cover the page and the site styles together: a style change is never
  // reported as saved before it is. Leaving asks only for the styles: the page's draft is kept in
  // this browser until it is saved (useDraft), so leaving or reloading loses none of it.
  const unsaved = dirty || styles.stylesDirty;
  useUnsavedChanges(styles.stylesDirty);
  const saveAll = () => {
    if (dirty) void saving.save();
    if (styles.stylesDirty) void styles.saveStyles();
  };

  const shownDraft = useMemo(() => (viewTheirs && conflict ? M.draftOf(conflict.theirs.layout) : draft), [viewTheirs, conflict, draft]);
  const { preview, problem: previewProblem, onApplied } = usePreview(websiteId, collection.id, shownDraft, styles.previewStyles);

  const change = (next: M.Draft, typing?: string) => {
    if (readOnly) return;
    setError(undefined);
    setNotice(undefined);
    state.change(next, typing);
  };

  const located = selectedId ? M.locate(draft, selectedId) : undefined;
  const selectedBlock = located ? draft.sections[located.section]?.blocks[located.index] : undefined;
  const section = draft.sections.find((s) => s.id === selectedSection);

  const selectFlat = useCallback(
    (flat: number | undefined) => {
      const block = flat === undefined ? undefined : M.blockAt(draft, flat);
      setSelectedId(block?.id);
      if (block) setSelectedSection(draft.sections[M.locate(draft, block.id)?.section ?? -1]?.id);
    },
    [draft],
  );

  const refuse = (result: { problem: string }) => setError(result.problem);

  const addBlock = (kind: BlockKind) => {
    const target = located
      ? { section: located.section, afterId: selectedId }
      : {
          section: Math.max(
            draft.sections.findIndex((s) => s.id === selectedSection),
            draft.sections.length - 1,
          ),
        };
    const result = M.addBlock(draft, kind, target);
    if ('problem' in result) return refuse(result);
    change(result.draft);
    setSelectedId(result.block.id);
  };

  const addSection = (templateId: string) => {
    const at = selectedSection ? draft.sections.findIndex((s) => s.id === selectedSection) + 1 : draft.sections.length;
    const result = M.addSection(draft, templateId, at);
    if ('problem' in result) return refuse(result);
    change(result.draft);
    setSelectedSection(result.section.id);
    setSelectedId(undefined);
  };

  const blockActions = selectedBlock
    ? {
        up: () => change(M.moveBlock(draft, selectedBlock.id, -1)),
        down: () => change(M.moveBlock(draft, selectedBlock.id, 1)),
        duplicate: () => {
          const result = M.duplicateBlock(draft, selectedBlock.id);
          if ('problem' in result) return refuse(result);
          change(result.draft);
          setSelectedId(result.block.id);
        },
        remove: () => {
          change(M.removeBlock(draft, selectedBlock.id));
          setSelectedId(undefined);
        },
        settings: () => panel.current?.querySelector<HTMLElement>('input, textarea, select, [contenteditable="true"], button')?.focus(),
      }
    : undefined;

  // Runs before the field (or the rich text) sees the paste: a refused paste changes nothing.
  const refuseLargePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const bytes = pasteSize(event.clipboardData);
    if (bytes <= PASTE_LIMIT_BYTES) return;
    event.preventDefault();
    event.stopPropagation();
    const where =
      selectedBlock && located
        ? `block ${located.flat + 1} (${blockLabel(selectedBlock)})`
        : section
          ? `section ${draft.sections.indexOf(section) + 1}`
          : 'this field';
    setNotice(undefined);
    setError(pasteTooLarge(bytes, where));
  };

  const discard = () => {
    state.discard();
    styles.setStylesDraft(undefined);
    setSelectedId(undefined);
  };

  return (
    <section
      className="page-editor"
      aria-label="Page editor"
      data-dirty={unsaved ? 'true' : 'false'}
      data-read-only={readOnly ? 'true' : 'false'}
    >
      <EditorBar
        device={device}
        onDevice={setDevice}
        showStyles={styles.showStyles}
        onToggleStyles={() => styles.setShowStyles(!styles.showStyles)}
        readOnly={readOnly}
        canUndo={state.history.past.length > 0}
        canRedo={state.history.future.length > 0}
        onUndo={state.undo}
        onRedo={state.redo}
        blockCount={M.blockCount(draft)}
        onAddBlock={addBlock}
        onAddSection={addSection}
        dirty={unsaved}
        busy={saving.busy || styles.stylesBusy}
        onDiscard={discard}
        onSave={saveAll}
      />
      {state.restored ? (
        <p role="status" className="notice">
          Your unsaved changes to this page were restored from this browser.
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <Problem message={error} />
      {conflict ? (
        <Conflict
          message={conflict.message}
          theirs={conflict.theirs}
          mine={draft}
          viewingTheirs={viewTheirs}
          onView={saving.setViewTheirs}
          onKeepMine={() => void saving.save(conflict.theirs.updatedOn)}
          onUseTheirs={() => saving.takeTheirs(conflict.theirs)}
        />
      ) : null}
      <div className="editor-main">
        <Outline
          draft={draft}
          selectedId={selectedId}
          selectedSection={selectedSection}
          readOnly={readOnly}
          onSelectBlock={(id) => {
            setSelectedId(id);
            setSelectedSection(draft.sections[M.locate(draft, id)?.section ?? -1]?.id);
          }}
          onSelectSection={(id) => {
            setSelectedSection(id);
            setSelectedId(undefined);
          }}
          onMoveBlock={(id, over) => change(M.moveBlockTo(draft, id, over))}
          onMoveSection={(id, to) => change(M.moveSection(draft, id, to))}
          onNudge={(id, delta) => change(M.moveBlock(draft, id, delta))}
        />
        <div className="editor-stage">
          {previewProblem ? (
            <p className="preview-problem" role="alert">
              Preview: {previewProblem}
            </p>
          ) : null}
          {viewTheirs ? (
            <p className="viewing-theirs" role="status">
              Showing the other saved version
            </p>
          ) : null}
          <Frame
            preview={preview}
            device={device}
            selected={viewTheirs ? undefined : located?.flat}
            onSelect={selectFlat}
            toolbar={
              blockActions && !viewTheirs ? (
                <BlockToolbar name={selectedBlock ? blockLabel(selectedBlock) : ''} readOnly={readOnly} actions={blockActions} />
              ) : null
            }
            onApplied={onApplied}
          />
        </div>
        <div className="editor-panel" ref={panel} aria-label="Settings" role="region" onPasteCapture={refuseLargePaste}>
          <SettingsPanel
            styles={styles}
            canSaveStyles={can(Permission.SETTINGS_MANAGE)}
            block={selectedBlock}
            section={section}
            sections={draft.sections}
            readOnly={readOnly}
            sources={sources}
            onBlockChange={(block, data, field) => change(M.updateBlock(draft, block.id, data), `${block.id}:${field}`)}
            onSectionChange={(s, style, field) => change(M.updateSection(draft, s.id, style), `${s.id}:${field}`)}
            onSectionMove={(s, to) => change(M.moveSection(draft, s.id, to))}
            onSectionRemove={(s) => {
              change(M.removeSection(draft, s.id));
              setSelectedSection(undefined);
            }}
          />
        </div>
      </div>
    </section>
  );
}
