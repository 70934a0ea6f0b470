// Site styles beside the page: fonts (the curated set render serves from Fontsource packages),
// colours with a picker in the SPEC formats (hex, RGB, HSL), button shape and spacing. Each change
// previews in the frame (render draws the page with the draft styles) before it is saved; saving
// needs the settings permission.
import { useEffect, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { colourProblem, OwnerUiMessages, type ColourValue, type SiteStyles } from '@sc/contracts';
import { ColourEditor, convert, formatOf } from '../colour.js';
import { Check, Field, Problem } from '../ui.js';

interface FontInfo {
  id: string;
  label: string;
  family: string;
}

/** The fonts render serves; 'Unable to load fonts' when they cannot be listed. */
function useFonts(): { fonts: FontInfo[]; problem: string | undefined } {
  const [state, setState] = useState<{ fonts: FontInfo[]; problem: string | undefined }>({ fonts: [], problem: undefined });
  useEffect(() => {
    let live = true;
    fetch('/_fonts/index.json', { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { fonts: FontInfo[] };
        if (live) setState({ fonts: body.fonts, problem: undefined });
      })
      .catch(() => {
        if (live) setState({ fonts: [], problem: OwnerUiMessages.unableToLoadFonts });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

const hexOf = (value: ColourValue): string => {
  if (colourProblem(value)) return '#000000';
  const hex = convert(value, 'hex');
  return typeof hex === 'string' ? hex : '#000000';
};

function ColourStyle({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ColourValue | null;
  onChange: (value: ColourValue | null) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="colour-style" aria-label={label}>
      <legend>{label}</legend>
      <Check
        label="Use the theme’s colour"
        checked={value === null}
        disabled={disabled}
        onChange={(theme) => onChange(theme ? null : '#2f5d50')}
      />
      {value === null ? null : (
        <>
          <HexColorPicker
            color={hexOf(value)}
            onChange={(hex) => !disabled && onChange(convert(hex, formatOf(value)))}
            aria-label={`${label} picker`}
          />
          <ColourEditor label={label} value={value} disabled={disabled} onChange={onChange} />
        </>
      )}
    </fieldset>
  );
}

export function StylesPanel({
  styles,
  onChange,
  onSave,
  onReset,
  canSave,
  dirty,
  busy,
}: {
  styles: SiteStyles;
  onChange: (styles: SiteStyles) => void;
  onSave: () => void;
  onReset: () => void;
  canSave: boolean;
  dirty: boolean;
  busy: boolean;
}) {
  const { fonts, problem } = useFonts();
  const bad = [styles.accent, styles.text, styles.background].map((c) => (c === null ? undefined : colourProblem(c))).find(Boolean);
  const fontChoice = (name: 'bodyFont' | 'headingFont', label: string) => (
    <Field label={label}>
      <select
        value={styles[name]}
        disabled={!canSave || fonts.length === 0}
        onChange={(e) => onChange({ ...styles, [name]: e.target.value as SiteStyles['bodyFont'] })}
      >
        {(fonts.length > 0 ? fonts : [{ id: styles[name], label: styles[name], family: '' }]).map((font) => (
          <option key={font.id} value={font.id}>
            {font.label}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <div className="styles-panel" role="group" aria-label="Site styles">
      <h2>Site styles</h2>
      <p className="hint">Changes show in the page at once; visitors see them once saved.</p>
      <Problem message={problem} />
      {fontChoice('headingFont', 'Heading font')}
      {fontChoice('bodyFont', 'Body font')}
      <ColourStyle label="Accent colour" value={styles.accent} disabled={!canSave} onChange={(accent) => onChange({ ...styles, accent })} />
      <ColourStyle label="Text colour" value={styles.text} disabled={!canSave} onChange={(text) => onChange({ ...styles, text })} />
      <ColourStyle
        label="Background colour"
        value={styles.background}
        disabled={!canSave}
        onChange={(background) => onChange({ ...styles, background })}
      />
      <Field label="Button shape">
        <select
          value={styles.buttonShape}
          disabled={!canSave}
          onChange={(e) => onChange({ ...styles, buttonShape: e.target.value as SiteStyles['buttonShape'] })}
        >
          <option value="square">Square</option>
          <option value="rounded">Rounded</option>
          <option value="pill">Pill</option>
        </select>
      </Field>
      <Field label="Spacing">
        <select
          value={styles.spacing}
          disabled={!canSave}
          onChange={(e) => onChange({ ...styles, spacing: e.target.value as SiteStyles['spacing'] })}
        >
          <option value="compact">Compact</option>
          <option value="normal">Normal</option>
          <option value="airy">Airy</option>
        </select>
      </Field>
      {canSave ? (
        <div className="row">
          <button type="button" className="primary" disabled={!dirty || busy || bad !== undefined} onClick={onSave}>
            Save styles
          </button>
          <button type="button" disabled={!dirty} onClick={onReset}>
            Discard style changes
          </button>
        </div>
      ) : (
        <p className="read-only-note">Your role may not change the site’s styles.</p>
      )}
    </div>
  );
}
