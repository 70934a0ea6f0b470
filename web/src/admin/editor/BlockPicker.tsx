// The editor bar's adders: a block of any kind, a section from a template.
import { useState } from 'react';
import { Problem } from '../ui.js';
import { KINDS, SECTION_TEMPLATES, type BlockKind } from './catalogue.js';
import * as M from './model.js';

/** The block picker: every block with its icon and name; the 61st block is refused with the limit's message. */
export function BlockPicker({ onPick, count }: { onPick: (kind: BlockKind) => void; count: number }) {
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

export function SectionAdder({ onAdd }: { onAdd: (templateId: string) => void }) {
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
