// Commerce preferences (SPEC 3/4/7): a free-form object per namespace. The owner picks a
// namespace, edits its JSON and saves it; the answer's websiteId is dropped on read (SPEC 3).
import { useEffect, useState } from 'react';
import { Permission } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Field, Outcome, Problem } from '../ui.js';
import { useUnsavedChanges } from '../unsaved.js';
import { apiPath } from '../../api/client.js';
import { useLatest } from '../../lib/use-latest.js';

/** Namespaces the storefront reads; owners may add others. */
const KNOWN = ['checkout', 'merchandising', 'shipping', 'notifications'];

export function CommercePreferences() {
  const editable = useSession().can(Permission.STORE_MANAGE);
  const [namespace, setNamespace] = useState('checkout');
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string>();
  const save = useAction();
  const valid = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(namespace);
  const stored = useApi<Record<string, unknown>>(valid ? apiPath('/v1/commerce-preferences/{namespace}', { namespace }) : null);

  // The namespace whose stored preferences are in the editor; editing waits for them.
  const [loadedFor, setLoadedFor] = useState<string>();
  // The text as loaded or last saved: anything else in the editor is unsaved.
  const [savedText, setSavedText] = useState('');
  const guard = useUnsavedChanges(loadedFor === namespace && text !== savedText);

  // The answer for the namespace (or its failure) puts its preferences in the editor.
  // What the box holds when the namespace has nothing stored yet (read when the answer comes, not a reason to re-run).
  const textRef = useLatest(text);
  useEffect(() => {
    if (!valid || stored.loading) return;
    if (stored.data) {
      const { websiteId: _dropped, ...preferences } = stored.data;
      setText(JSON.stringify(preferences, null, 2));
      setSavedText(JSON.stringify(preferences, null, 2));
    } else {
      setSavedText(textRef.current);
    }
    setLoadedFor(namespace);
  }, [namespace, valid, stored.loading, stored.data, textRef]);

  const onSave = async () => {
    let value: unknown;
    try {
      value = JSON.parse(text || '{}');
    } catch {
      setParseError('The preferences must be a JSON object.');
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      setParseError('The preferences must be a JSON object.');
      return;
    }
    setParseError(undefined);
    const done = await save.run(
      () => api('PUT', apiPath('/v1/commerce-preferences/{namespace}', { namespace }), value).then(() => true),
      'Preferences saved',
    );
    if (!done) return;
    guard.release();
    setSavedText(text);
  };

  return (
    <div className="stack">
      <Field label="Namespace">
        <input list="preference-namespaces" value={namespace} onChange={(e) => setNamespace(e.target.value)} />
      </Field>
      <datalist id="preference-namespaces">
        {KNOWN.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Problem message={stored.error} />
      <Field label="Preferences (JSON)" error={parseError}>
        <textarea
          rows={10}
          className="code"
          value={text}
          readOnly={!editable}
          disabled={loadedFor !== namespace}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Outcome action={save} />
      {editable ? (
        <button type="button" className="primary" disabled={save.busy || loadedFor !== namespace} onClick={() => void onSave()}>
          Save preferences
        </button>
      ) : null}
    </div>
  );
}
