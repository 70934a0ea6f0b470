// The page editor: the page as visitors will see it (render's preview of the draft, in the section
// editor frame), its structure, and the settings of what is selected. Every change is a step in
// the history (Ctrl+Z, Ctrl+Shift+Z), shows in the frame before saving (only the changed blocks
// are rendered again when nothing else moved), and is kept in this browser until saved, so a
// reload loses nothing. Save publishes; a save made from an older version than the stored one is
// refused by content and both versions stay visible until the owner chooses. Owners who may not
// edit content see the same screen read-only. This module is its own chunk of the admin app.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Permission, type Collection, type Layout, type PreviewResponse, type SiteSettings, type SiteStyles } from '@sc/contracts';
import { api, ApiError, problemOf, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Field, Problem } from '../ui.js';
import { blockProblem } from '../content/blocks.js';
import { BlockSettings, useSources } from './BlockSettings.js';
import { blockLabel, KINDS, SECTION_TEMPLATES, type BlockKind } from './catalogue.js';
import { DEVICE_WIDTHS, Frame, type Device, type Preview } from './Frame.js';
import * as M from './model.js';
import { Outline } from './Outline.js';
import { StylesPanel } from './StylesPanel.js';
import './editor.css';
import { apiPath } from '../../api/client.js';

type Action = { type: 'change'; draft: M.Draft; typing?: string | undefined } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; draft: M.Draft };

function reducer(history: M.History, action: Action): M.History {
  switch (action.type) {
    case 'change':
      return M.commit(history, action.draft, action.typing);
    case 'undo':
      return M.undo(history);
    case 'redo':
      return M.redo(history);
    case 'reset':
      return M.historyOf(action.draft);
  }
}

interface StoredDraft {
  baseUpdatedOn: number;
  layout: Layout;
}

const draftKey = (websiteId: string, collectionId: string) => `sc-page-draft:${websiteId}:${collectionId}`;

function readStoredDraft(key: string): StoredDraft | undefined {
  try {
    const raw = localStorage.getItem(key);
    const value = raw ? (JSON.parse(raw) as StoredDraft) : undefined;
    return value && typeof value.baseUpdatedOn === 'number' && Array.isArray(value.layout?.blocks) ? value : undefined;
  } catch {
    return undefined;
  }
}

const same = (a: M.Draft, b: M.Draft) => JSON.stringify(M.layoutOf(a)) === JSON.stringify(M.layoutOf(b));

/**
 * Render's preview of a draft, one request at a time: while one is out the newest draft waits,
 * and drafts in between are skipped. When only some blocks changed, only they are asked for.
 */
function usePreview(websiteId: string, collectionId: string, draft: M.Draft, styles: SiteStyles | undefined) {
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<string>();
  const state = useRef<{
    busy: boolean;
    pending: { draft: M.Draft; styles: SiteStyles | undefined } | undefined;
    shown: M.Draft | undefined;
    shownStyles: string;
    seq: number;
    frameSeq: number;
    firstPage: number;
  }>({
    busy: false,
    pending: undefined,
    shown: undefined,
    shownStyles: '',
    seq: 0,
    frameSeq: -1,
    firstPage: -1,
  });
  const pump = useCallback(async () => {
    const s = state.current;
    if (s.busy || !s.pending) return;
    const { draft: next, styles: nextStyles } = s.pending;
    s.pending = undefined;
    const stylesKey = JSON.stringify(nextStyles ?? null);
    // Block by block only once the frame shows a whole page to patch, and while the styles stay.
    const changed = s.shown && s.frameSeq >= s.firstPage && s.firstPage >= 0 && stylesKey === s.shownStyles ? M.changedBlocks(s.shown, next) : undefined;
    if (changed && changed.length === 0) {
      s.shown = next;
      void pump();
      return;
    }
    s.busy = true;
    try {
      const answer = await api<PreviewResponse>('POST', apiPath('/render/1.0/websites/{websiteId}/preview', { websiteId }), {
        collectionId,
        layout: M.layoutOf(next),
        ...(changed ? { only: changed } : {}),
        ...(nextStyles ? { styles: nextStyles } : {}),
      });
      s.seq += 1;
      if (changed) setPreview({ kind: 'blocks', blocks: answer.blocks ?? [], seq: s.seq });
      else {
        if (s.firstPage < 0) s.firstPage = s.seq;
        setPreview({ kind: 'page', html: answer.html ?? '', seq: s.seq });
      }
      s.shown = next;
      s.shownStyles = stylesKey;
      setProblem(undefined);
    } catch (failure) {
      setProblem(problemOf(failure));
      // The next answer is a whole page again (the frame may be behind).
      s.shown = undefined;
    } finally {
      s.busy = false;
      void pump();
    }
  }, [websiteId, collectionId]);
  useEffect(() => {
    state.current.pending = { draft, styles };
    void pump();
  }, [draft, styles, pump]);
  const onApplied = useCallback((seq: number) => {
    state.current.frameSeq = Math.max(state.current.frameSeq, seq);
  }, []);
  return { preview, problem, onApplied };
}

export function PageEditor({ collection, onSaved }: { collection: Collection; onSaved: (c: Collection) => void }) {
  const { websiteId, can } = useSession();
  const readOnly = !can(Permission.CONTENT_EDIT);
  const key = draftKey(websiteId, collection.id);
  const storedAtOpen = useMemo(() => (readOnly ? undefined : readStoredDraft(key)), [key, readOnly]);
  const [saved, setSaved] = useState<{ draft: M.Draft; updatedOn: number }>(() => ({ draft: M.draftOf(collection.layout), updatedOn: collection.updatedOn }));
  const [history, dispatch] = useReducer(reducer, undefined, () => M.historyOf(storedAtOpen ? M.draftOf(storedAtOpen.layout) : saved.draft));
  // The version the draft was made from (a restored draft keeps the one it was made from).
  const [base, setBase] = useState(storedAtOpen?.baseUpdatedOn ?? collection.updatedOn);
  const [restored, setRestored] = useState(storedAtOpen !== undefined && !same(M.draftOf(storedAtOpen.layout), saved.draft));
  const draft = history.present;
  const dirty = !same(draft, saved.draft);
  const [selectedId, setSelectedId] = useState<string>();
  const [selectedSection, setSelectedSection] = useState<string>();
  const [device, setDevice] = useState<Device>('desktop');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<{ theirs: Collection; message: string } | undefined>();
  const [viewTheirs, setViewTheirs] = useState(false);
  const sources = useSources();
  const panel = useRef<HTMLDivElement>(null);
  // Site styles: the saved ones, the panel's draft (previewed in the frame until saved).
  const settings = useApi<SiteSettings>(apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }));
  const [stylesDraft, setStylesDraft] = useState<SiteStyles>();
  const [showStyles, setShowStyles] = useState(false);
  const [stylesBusy, setStylesBusy] = useState(false);
  const savedStyles = settings.data?.styles;
  const stylesDirty = stylesDraft !== undefined && JSON.stringify(stylesDraft) !== JSON.stringify(savedStyles);
  const previewStyles = stylesDirty && stylesDraft && !M.stylesProblem(stylesDraft) ? stylesDraft : undefined;

  const shownDraft = useMemo(() => (viewTheirs && conflict ? M.draftOf(conflict.theirs.layout) : draft), [viewTheirs, conflict, draft]);
  const { preview, problem: previewProblem, onApplied } = usePreview(websiteId, collection.id, shownDraft, previewStyles);

  const saveStyles = async () => {
    if (!stylesDraft) return;
    setStylesBusy(true);
    setError(undefined);
    try {
      const stored = await api<SiteSettings>('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), { styles: stylesDraft });
      settings.set(stored);
      setStylesDraft(undefined);
      setNotice('Site styles saved');
    } catch (failure) {
      setError(problemOf(failure));
    } finally {
      setStylesBusy(false);
    }
  };

  // Unsaved work is kept in this browser until it is saved or thrown away.
  useEffect(() => {
    if (readOnly) return;
    try {
      if (dirty) localStorage.setItem(key, JSON.stringify({ baseUpdatedOn: base, layout: M.layoutOf(draft) } satisfies StoredDraft));
      else localStorage.removeItem(key);
    } catch {
      // A full or blocked storage only loses the reload safety net.
    }
  }, [draft, dirty, base, key, readOnly]);

  const change = useCallback(
    (next: M.Draft, typing?: string) => {
      if (readOnly) return;
      setError(undefined);
      setNotice(undefined);
      dispatch({ type: 'change', draft: next, typing });
    },
    [readOnly],
  );

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
    const target = located ? { section: located.section, afterId: selectedId } : { section: Math.max(draft.sections.findIndex((s) => s.id === selectedSection), draft.sections.length - 1) };
    const result = M.addBlock(draft, kind, target);
    if ('problem' in result) return refuse(result);
    change(result.draft);
    setSelectedId(result.block.id);
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

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere in the editor but inside the rich text, which has its own.
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || readOnly) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('.ProseMirror')) return;
      const k = event.key.toLowerCase();
      if (k === 'z' && !event.shiftKey) {
        event.preventDefault();
        dispatch({ type: 'undo' });
      } else if ((k === 'z' && event.shiftKey) || k === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      }
    },
    [readOnly],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  const url = apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId: collection.id });
  const save = async (over?: number) => {
    const flat = draft.sections.flatMap((s) => s.blocks);
    const bad = flat.findIndex((b) => blockProblem(b.type, b.data) !== undefined);
    const badBlock = flat[bad];
    if (badBlock) {
      setSelectedId(badBlock.id);
      setError(`Block ${bad + 1} (${blockLabel(badBlock)}): ${blockProblem(badBlock.type, badBlock.data) ?? ''}`);
      return;
    }
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const stored = await api<Collection>('PUT', url, { layout: M.layoutOf(draft), baseUpdatedOn: over ?? base });
      setSaved({ draft, updatedOn: stored.updatedOn });
      setBase(stored.updatedOn);
      setConflict(undefined);
      setViewTheirs(false);
      setRestored(false);
      setNotice('Page saved');
      onSaved(stored);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        try {
          const theirs = await api<Collection>('GET', url);
          setConflict({ theirs, message: failure.message });
        } catch (again) {
          setError(problemOf(again));
        }
      } else setError(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    dispatch({ type: 'reset', draft: saved.draft });
    setBase(saved.updatedOn);
    setRestored(false);
    setSelectedId(undefined);
  };

  const useTheirs = (theirs: Collection) => {
    const next = M.draftOf(theirs.layout);
    setSaved({ draft: next, updatedOn: theirs.updatedOn });
    setBase(theirs.updatedOn);
    dispatch({ type: 'reset', draft: next });
    setConflict(undefined);
    setViewTheirs(false);
    onSaved(theirs);
  };

  const toolbar: ReactNode =
    blockActions && !viewTheirs ? (
      <>
        <span className="frame-toolbar-name">{selectedBlock ? blockLabel(selectedBlock) : ''}</span>
        {readOnly ? null : (
          <>
            <button type="button" aria-label="Move block up" title="Move up" onClick={blockActions.up}>
              ↑
            </button>
            <button type="button" aria-label="Move block down" title="Move down" onClick={blockActions.down}>
              ↓
            </button>
            <button type="button" aria-label="Duplicate block" title="Duplicate" onClick={blockActions.duplicate}>
              ⧉
            </button>
            <button type="button" aria-label="Remove block" title="Remove" onClick={blockActions.remove}>
              ✕
            </button>
          </>
        )}
        <button type="button" aria-label="Block settings" title="Settings" onClick={blockActions.settings}>
          ⚙
        </button>
      </>
    ) : null;

  const flatIndex = located?.flat;
  return (
    <section className="page-editor" aria-label="Page editor" data-dirty={dirty ? 'true' : 'false'} data-read-only={readOnly ? 'true' : 'false'}>
      <div className="editor-bar" role="toolbar" aria-label="Editor">
        <div className="device-switch" role="radiogroup" aria-label="Width">
          {(Object.keys(DEVICE_WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" role="radio" aria-checked={device === d} onClick={() => setDevice(d)}>
              {d === 'desktop' ? 'Desktop' : d === 'tablet' ? 'Tablet' : 'Phone'}
            </button>
          ))}
        </div>
        <button type="button" aria-pressed={showStyles} onClick={() => setShowStyles(!showStyles)}>
          Site styles
        </button>
        {readOnly ? (
          <p className="read-only-note" role="note">
            Read only: your role may view this page but not change it.
          </p>
        ) : (
          <>
            <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={history.past.length === 0} aria-keyshortcuts="Control+Z">
              Undo
            </button>
            <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={history.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
              Redo
            </button>
            <BlockPicker onPick={addBlock} count={M.blockCount(draft)} />
            <SectionAdder
              onAdd={(templateId) => {
                const at = selectedSection ? draft.sections.findIndex((s) => s.id === selectedSection) + 1 : draft.sections.length;
                const result = M.addSection(draft, templateId, at);
                if ('problem' in result) return refuse(result);
                change(result.draft);
                setSelectedSection(result.section.id);
                setSelectedId(undefined);
              }}
            />
            <span className="editor-state">{dirty ? 'Unsaved changes' : 'All changes saved'}</span>
            {dirty ? (
              <button type="button" onClick={discard}>
                Discard changes
              </button>
            ) : null}
            <button type="button" className="primary" disabled={busy || !dirty} onClick={() => void save()}>
              Save
            </button>
          </>
        )}
      </div>
      {restored ? (
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
          onView={setViewTheirs}
          onKeepMine={() => void save(conflict.theirs.updatedOn)}
          onUseTheirs={() => useTheirs(conflict.theirs)}
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
          {previewProblem ? <p className="preview-problem" role="alert">Preview: {previewProblem}</p> : null}
          {viewTheirs ? <p className="viewing-theirs" role="status">Showing the other saved version</p> : null}
          <Frame preview={preview} device={device} selected={viewTheirs ? undefined : flatIndex} onSelect={selectFlat} toolbar={toolbar} onApplied={onApplied} />
        </div>
        <div className="editor-panel" ref={panel} aria-label="Settings" role="region">
          {showStyles ? (
            savedStyles ? (
              <StylesPanel
                styles={stylesDraft ?? savedStyles}
                onChange={setStylesDraft}
                onSave={() => void saveStyles()}
                onReset={() => setStylesDraft(undefined)}
                canSave={can(Permission.SETTINGS_MANAGE)}
                dirty={stylesDirty}
                busy={stylesBusy}
              />
            ) : (
              <Problem message={settings.error} />
            )
          ) : selectedBlock ? (
            <>
              <h2>{blockLabel(selectedBlock)}</h2>
              <BlockSettings block={selectedBlock} sources={sources} disabled={readOnly} onChange={(data, field) => change(M.updateBlock(draft, selectedBlock.id, data), `${selectedBlock.id}:${field}`)} />
            </>
          ) : section ? (
            <SectionSettings
              key={section.id}
              section={section}
              index={draft.sections.indexOf(section)}
              count={draft.sections.length}
              disabled={readOnly}
              onChange={(style, field) => change(M.updateSection(draft, section.id, style), `${section.id}:${field}`)}
              onMove={(to) => change(M.moveSection(draft, section.id, to))}
              onRemove={() => {
                change(M.removeSection(draft, section.id));
                setSelectedSection(undefined);
              }}
            />
          ) : (
            <p className="panel-hint">Click a block in the page to edit it, or choose one in the page structure.</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The block picker: every block with its icon and name; the 61st block is refused with the limit's message. */
function BlockPicker({ onPick, count }: { onPick: (kind: BlockKind) => void; count: number }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  return (
    <div className="block-picker">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Add block
      </button>
      {open ? (
        <div className="block-picker-menu" role="dialog" aria-label="Add a block">
          <ul>
            {(Object.entries(KINDS) as Array<[BlockKind, (typeof KINDS)[BlockKind]]>)
              .filter(([, info]) => info.offered)
              .map(([kind, info]) => (
                <li key={kind}>
                  <button
                    type="button"
                    onClick={() => {
                      if (count >= M.MAX_BLOCKS) {
                        setProblem(M.TOO_MANY_BLOCKS);
                        return;
                      }
                      setProblem(undefined);
                      onPick(kind);
                      setOpen(false);
                    }}
                  >
                    <span className="block-icon" aria-hidden="true">
                      {info.icon}
                    </span>
                    {info.label}
                  </button>
                </li>
              ))}
          </ul>
          <Problem message={problem} />
        </div>
      ) : null}
    </div>
  );
}

function SectionAdder({ onAdd }: { onAdd: (templateId: string) => void }) {
  const [template, setTemplate] = useState<string>(SECTION_TEMPLATES[0]?.id ?? 'empty');
  return (
    <div className="section-adder">
      <label>
        <span className="visually-hidden">Section layout</span>
        <select value={template} onChange={(e) => setTemplate(e.target.value)} aria-label="Section layout">
          {SECTION_TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => onAdd(template)}>
        Add section
      </button>
    </div>
  );
}

function SectionSettings({
  section,
  index,
  count,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  section: M.EditorSection;
  index: number;
  count: number;
  disabled: boolean;
  onChange: (style: Omit<M.EditorSection, 'id' | 'blocks'>, field: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { id: _id, blocks: _blocks, ...style } = section;
  const [hex, setHex] = useState(section.background ?? '');
  const hexOk = hex === '' || /^#[0-9a-fA-F]{3,6}$/.test(hex);
  const setBackground = (value: string) => {
    setHex(value);
    if (value === '') {
      const { background: _b, ...rest } = style;
      onChange(rest, 'background');
    } else if (/^#[0-9a-fA-F]{3,6}$/.test(value)) onChange({ ...style, background: value }, 'background');
  };
  return (
    <fieldset className="section-settings" disabled={disabled}>
      <h2>Section {index + 1}</h2>
      <Field label="Background colour (hex)" error={hexOk ? undefined : 'Use a hex colour such as #f4efe6.'}>
        <input value={hex} placeholder="none" onChange={(e) => setBackground(e.target.value.trim())} />
      </Field>
      {disabled ? null : <HexColorPicker color={/^#[0-9a-fA-F]{3,6}$/.test(hex) ? hex : '#ffffff'} onChange={setBackground} />}
      <Field label="Background image address">
        <input
          value={style.backgroundImage ?? ''}
          onChange={(e) => {
            const { backgroundImage: _i, ...rest } = style;
            onChange(e.target.value ? { ...rest, backgroundImage: e.target.value } : rest, 'backgroundImage');
          }}
        />
      </Field>
      <Field label="Width">
        <select value={style.width ?? 'normal'} onChange={(e) => onChange({ ...style, width: e.target.value as M.EditorSection['width'] }, 'width')}>
          <option value="narrow">Narrow</option>
          <option value="normal">Normal</option>
          <option value="wide">Wide</option>
          <option value="full">Full width</option>
        </select>
      </Field>
      <Field label="Spacing">
        <select value={style.spacing ?? 'medium'} onChange={(e) => onChange({ ...style, spacing: e.target.value as M.EditorSection['spacing'] }, 'spacing')}>
          <option value="small">Small</option>
          <option value="medium">Medium</option>
          <option value="large">Large</option>
        </select>
      </Field>
      <div className="row">
        <button type="button" disabled={index === 0} onClick={() => onMove(index - 1)}>
          Move section up
        </button>
        <button type="button" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          Move section down
        </button>
        <button type="button" className="danger" onClick={onRemove}>
          Remove section
        </button>
      </div>
    </fieldset>
  );
}

/** Both versions after a refused save: the owner's (still here, still kept in the browser) and the one saved meanwhile. */
function Conflict({
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
    return value ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60) : '';
  };
  return (
    <div className="conflict" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      <p>This page was saved by someone else after you opened it. Nothing is lost: your version is still here (and kept in this browser), theirs is saved. Choose which one to keep.</p>
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
