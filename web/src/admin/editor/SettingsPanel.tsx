// What the page editor's settings panel shows: the site styles when asked for, else the selected
// block's settings, else the selected section's, else a hint.
import { Problem } from '../ui.js';
import { BlockSettings } from './BlockSettings.js';
import type { Sources } from './SourceFields.js';
import { blockLabel } from './catalogue.js';
import type * as M from './model.js';
import { SectionSettings } from './SectionSettings.js';
import { StylesPanel } from './StylesPanel.js';
import type { SiteStylesState } from './useSiteStyles.js';

export function SettingsPanel({
  styles,
  canSaveStyles,
  block,
  section,
  sections,
  readOnly,
  sources,
  onBlockChange,
  onSectionChange,
  onSectionMove,
  onSectionRemove,
}: {
  styles: SiteStylesState;
  canSaveStyles: boolean;
  block: M.EditorBlock | undefined;
  section: M.EditorSection | undefined;
  sections: M.EditorSection[];
  readOnly: boolean;
  sources: Sources;
  onBlockChange: (block: M.EditorBlock, data: M.BlockData, field: string) => void;
  onSectionChange: (section: M.EditorSection, style: Omit<M.EditorSection, 'id' | 'blocks'>, field: string) => void;
  onSectionMove: (section: M.EditorSection, to: number) => void;
  onSectionRemove: (section: M.EditorSection) => void;
}) {
  if (styles.showStyles)
    return styles.savedStyles ? (
      <StylesPanel
        styles={styles.stylesDraft ?? styles.savedStyles}
        onChange={styles.setStylesDraft}
        onSave={() => void styles.saveStyles()}
        onReset={() => styles.setStylesDraft(undefined)}
        canSave={canSaveStyles}
        dirty={styles.stylesDirty}
        busy={styles.stylesBusy}
      />
    ) : (
      <Problem message={styles.settingsError} />
    );
  if (block)
    return (
      <>
        <h2>{blockLabel(block)}</h2>
        <BlockSettings block={block} sources={sources} disabled={readOnly} onChange={(data, field) => onBlockChange(block, data, field)} />
      </>
    );
  if (section)
    return (
      <SectionSettings
        key={section.id}
        section={section}
        index={sections.indexOf(section)}
        count={sections.length}
        disabled={readOnly}
        onChange={(style, field) => onSectionChange(section, style, field)}
        onMove={(to) => onSectionMove(section, to)}
        onRemove={() => onSectionRemove(section)}
      />
    );
  return <p className="panel-hint">Click a block in the page to edit it, or choose one in the page structure.</p>;
}
