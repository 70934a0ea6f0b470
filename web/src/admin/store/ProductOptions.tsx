// A product's options (at most six) with their values, in their order; the variants follow them.
import { useState } from 'react';
import { Field } from '../ui.js';
import { move, type OptionDraft } from './variants.js';

export function ProductOptions({
  options,
  disabled,
  onChange,
  onAdd,
}: {
  options: OptionDraft[];
  disabled: boolean;
  /** The options changed: the variants follow. */
  onChange: (next: OptionDraft[]) => void;
  /** A new option without values (no variant changes yet). */
  onAdd: (next: OptionDraft[]) => void;
}) {
  const [newOption, setNewOption] = useState('');
  return (
    <fieldset disabled={disabled}>
      <legend>Options</legend>
      {options.map((option, index) => (
        <div key={index} className="row" aria-label={`Option ${option.name}`}>
          <Field label="Option name">
            <input
              value={option.name}
              onChange={(e) => onChange(options.map((o, i) => (i === index ? { ...o, name: e.target.value } : o)))}
            />
          </Field>
          <Field label={`Values of ${option.name || 'this option'}`} hint="Separated by commas">
            <input
              key={option.values.join('|')}
              defaultValue={option.values.join(', ')}
              onBlur={(e) =>
                onChange(
                  options.map((o, i) =>
                    i === index
                      ? {
                          ...o,
                          values: [
                            ...new Set(
                              e.target.value
                                .split(',')
                                .map((v) => v.trim())
                                .filter(Boolean),
                            ),
                          ],
                        }
                      : o,
                  ),
                )
              }
            />
          </Field>
          <button
            type="button"
            aria-label={`Move option ${option.name} up`}
            disabled={index === 0}
            onClick={() => onChange(move(options, index, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move option ${option.name} down`}
            disabled={index === options.length - 1}
            onClick={() => onChange(move(options, index, 1))}
          >
            ↓
          </button>
          <button type="button" aria-label={`Remove option ${option.name}`} onClick={() => onChange(options.filter((_, i) => i !== index))}>
            Remove
          </button>
        </div>
      ))}
      {options.length < 6 ? (
        <div className="row">
          <Field label="New option">
            <input value={newOption} placeholder="e.g. Size" onChange={(e) => setNewOption(e.target.value)} />
          </Field>
          <button
            type="button"
            disabled={!newOption.trim() || options.some((o) => o.name.trim().toLowerCase() === newOption.trim().toLowerCase())}
            onClick={() => {
              onAdd([...options, { name: newOption.trim(), values: [] }]);
              setNewOption('');
            }}
          >
            Add option
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
