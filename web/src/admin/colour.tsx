// SPEC 5/9 colour editing in the three formats owners use (hex, RGB, HSL). The value is kept in the
// format the owner picked; switching format converts it. Problems are the SPEC colour messages
// (checked by the contracts' colourProblem, the same rule the content service applies).
import { useState } from 'react';
import { colourProblem, type ColourValue } from '@sc/contracts';

type Rgb = { r: number; g: number; b: number };
type Format = 'hex' | 'rgb' | 'hsl';

export function formatOf(value: ColourValue): Format {
  if (typeof value === 'string') return 'hex';
  return 'r' in value ? 'rgb' : 'hsl';
}

function hexToRgb(hex: string): Rgb | undefined {
  let text = hex.replace(/^#/, '');
  if (!/^[0-9a-fA-F]{3}$|^[0-9a-fA-F]{6}$/.test(text)) return undefined;
  if (text.length === 3) text = text.replace(/./g, (c) => c + c);
  const n = parseInt(text, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

const toHex = ({ r, g, b }: Rgb): string => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function hslToRgb(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: round(l) };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? 60 * (((G - B) / d) % 6) : max === G ? 60 * ((B - R) / d + 2) : 60 * ((R - G) / d + 4);
  return { h: Math.round((h + 360) % 360), s: round(s), l: round(l) };
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** The colour as RGB when it is valid; undefined otherwise. */
export function rgbOf(value: ColourValue): Rgb | undefined {
  if (colourProblem(value)) return undefined;
  if (typeof value === 'string') return hexToRgb(value);
  if ('r' in value) return { r: value.r, g: value.g, b: value.b };
  return hslToRgb(value.h ?? 0, value.s ?? 0, value.l ?? 0);
}

/** A CSS colour for previews (transparent when invalid). */
export function cssOf(value: ColourValue): string {
  const rgb = rgbOf(value);
  if (!rgb) return 'transparent';
  const alpha = typeof value === 'object' && value.a !== undefined ? value.a : 1;
  return `rgba(${rgb.r}, ${rgb.g}, ${rgb.b}, ${alpha})`;
}

/** The value converted to another format (from a valid colour; an invalid one starts blank). */
export function convert(value: ColourValue, to: Format): ColourValue {
  const rgb = rgbOf(value) ?? { r: 0, g: 0, b: 0 };
  const alpha = typeof value === 'object' ? value.a : undefined;
  switch (to) {
    case 'hex':
      return toHex(rgb);
    case 'rgb':
      return alpha === undefined ? rgb : { ...rgb, a: alpha };
    case 'hsl': {
      const hsl = rgbToHsl(rgb);
      return alpha === undefined ? hsl : { ...hsl, a: alpha };
    }
  }
}

/** Text of a number input → number, or undefined when empty (so 'Missing an H/S/L value.' can show). */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** A colour editor: format switch, the inputs of that format, a swatch and the SPEC message. */
export function ColourEditor({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ColourValue;
  onChange: (value: ColourValue) => void;
  disabled?: boolean;
}) {
  const format = formatOf(value);
  const problem = colourProblem(value);
  const [id] = useState(() => `colour-${Math.random().toString(36).slice(2, 8)}`);
  const part = (name: string, current: number | undefined, update: (n: number | undefined) => void, step = 1) => (
    <label className="colour-part">
      {name}
      <input
        type="number"
        step={step}
        disabled={disabled}
        value={current ?? ''}
        onChange={(e) => update(numberOf(e.target.value))}
        aria-label={`${label} ${name}`}
      />
    </label>
  );
  return (
    <fieldset className="colour-editor" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{label}</legend>
      <span className="swatch" style={{ background: cssOf(value) }} aria-hidden="true" />
      <select
        aria-label={`${label} format`}
        value={format}
        disabled={disabled}
        onChange={(e) => onChange(convert(value, e.target.value as Format))}
      >
        <option value="hex">Hex</option>
        <option value="rgb">RGB</option>
        <option value="hsl">HSL</option>
      </select>
      {typeof value === 'string' ? (
        <input aria-label={`${label} hex`} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      ) : 'r' in value ? (
        <>
          {part('R', value.r, (n) => onChange({ ...value, r: n ?? NaN }))}
          {part('G', value.g, (n) => onChange({ ...value, g: n ?? NaN }))}
          {part('B', value.b, (n) => onChange({ ...value, b: n ?? NaN }))}
          {part('A', value.a, (n) => onChange(withAlpha(value, n)), 0.01)}
        </>
      ) : (
        <>
          {part('H', value.h, (n) => onChange({ ...value, h: n }))}
          {part('S', value.s, (n) => onChange({ ...value, s: n }), 0.01)}
          {part('L', value.l, (n) => onChange({ ...value, l: n }), 0.01)}
          {part('A', value.a, (n) => onChange(withAlpha(value, n)), 0.01)}
        </>
      )}
      {problem ? (
        <span id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </fieldset>
  );
}

function withAlpha<T extends { a?: number }>(value: T, alpha: number | undefined): T {
  const { a: _old, ...rest } = value;
  return (alpha === undefined ? rest : { ...rest, a: alpha }) as T;
}
