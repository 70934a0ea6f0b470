// The settings of the selected section: background, width, spacing, its place in the page.
import { useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Field } from '../ui.js';
import type * as M from './model.js';

export function SectionSettings({
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
        <select
          value={style.width ?? 'normal'}
          onChange={(e) => onChange({ ...style, width: e.target.value as M.EditorSection['width'] }, 'width')}
        >
          <option value="narrow">Narrow</option>
          <option value="normal">Normal</option>
          <option value="wide">Wide</option>
          <option value="full">Full width</option>
        </select>
      </Field>
      <Field label="Spacing">
        <select
          value={style.spacing ?? 'medium'}
          onChange={(e) => onChange({ ...style, spacing: e.target.value as M.EditorSection['spacing'] }, 'spacing')}
        >
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
