// Tags and categories of an item: add, rename in place, remove. SPEC 5 messages: 'This {tagType}
// already exists' for a repeat (case-insensitive), 'You may only edit one {tagType} at a time' when
// a second rename starts while one is open; SPEC 9 lengths (tag 50, category 25).
import { useState } from 'react';
import { CONTENT_LIMITS, OwnerMessages, formatMessage } from '@sc/contracts';
import { tagProblem, type TagType } from './forms-kit.js';

export function TagsEditor({
  tagType,
  label,
  values,
  onChange,
  disabled,
}: {
  tagType: TagType;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const [message, setMessage] = useState<string>();
  const max = tagType === 'tag' ? CONTENT_LIMITS.tagLength : CONTENT_LIMITS.categoryLength;
  const draftProblem = tagProblem(tagType, draft, values);
  const editProblem = editing ? tagProblem(tagType, editing.text, values, editing.index) : undefined;

  const add = () => {
    const text = draft.trim();
    if (!text || draftProblem) return;
    onChange([...values, text]);
    setDraft('');
    setMessage(undefined);
  };

  const startEdit = (index: number) => {
    if (editing && editing.index !== index) {
      setMessage(formatMessage(OwnerMessages.editOneTagAtATime, { tagType }));
      return;
    }
    setMessage(undefined);
    setEditing({ index, text: values[index] ?? '' });
  };

  const finishEdit = () => {
    if (!editing) return;
    const text = editing.text.trim();
    if (editProblem) return;
    onChange(text === '' ? values.filter((_, i) => i !== editing.index) : values.map((v, i) => (i === editing.index ? text : v)));
    setEditing(null);
    setMessage(undefined);
  };

  const problem = message ?? draftProblem ?? editProblem;

  return (
    <fieldset className="tags-editor" aria-label={label}>
      <legend>{label}</legend>
      <ul className="row" style={{ listStyle: 'none', padding: 0 }}>
        {values.map((value, index) => (
          <li key={`${value}-${index}`} className="tag">
            {editing?.index === index ? (
              <>
                <input
                  aria-label={`Rename ${tagType} ${value}`}
                  value={editing.text}
                  maxLength={max + 10}
                  onChange={(e) => setEditing({ index, text: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      finishEdit();
                    }
                  }}
                />
                <button type="button" onClick={finishEdit} disabled={Boolean(editProblem)}>
                  Done
                </button>
              </>
            ) : (
              <>
                <span>{value}</span>
                {disabled ? null : (
                  <>
                    <button type="button" className="link" aria-label={`Edit ${tagType} ${value}`} onClick={() => startEdit(index)}>
                      edit
                    </button>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Remove ${tagType} ${value}`}
                      onClick={() => onChange(values.filter((_, i) => i !== index))}
                    >
                      ✕
                    </button>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {disabled ? null : (
        <div className="row">
          <input
            aria-label={`New ${tagType}`}
            value={draft}
            placeholder={`Add a ${tagType}`}
            onChange={(e) => {
              setDraft(e.target.value);
              setMessage(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" onClick={add} disabled={!draft.trim() || Boolean(draftProblem)}>
            Add {tagType}
          </button>
        </div>
      )}
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
