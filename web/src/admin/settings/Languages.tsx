// Multilingual settings (SPEC 7 /api/multilingual/*): the languages, which is the default, which
// are published, and the connection status.
import { useState } from 'react';
import { OwnerMessages, Permission, formatMessage, type MultilingualLanguage, type MultilingualSettings } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Check, Field, Loaded, Outcome, Problem } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

export function LanguageSettings() {
  const resource = useApi<MultilingualSettings>(apiPath('/multilingual/settings'));
  return <Loaded resource={resource}>{(data) => <LanguagesForm initial={data} />}</Loaded>;
}

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

function LanguagesForm({ initial }: { initial: MultilingualSettings }) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const [languages, setLanguages] = useState<MultilingualLanguage[]>(initial.languages);
  const [code, setCode] = useState('');
  const action = useAction({ invalidates: [apiPath('/multilingual/settings')] });
  const guard = useDraftGuard(languages);
  const duplicate = languages.some((l) => l.languageCode.toLowerCase() === code.trim().toLowerCase());
  const codeProblem =
    code.trim() === ''
      ? undefined
      : duplicate
        ? formatMessage(OwnerMessages.tagExists, { tagType: 'language' })
        : LANGUAGE_TAG.test(code.trim())
          ? undefined
          : 'Use a language tag such as en-US.';

  const update = (index: number, change: Partial<MultilingualLanguage>) =>
    setLanguages(
      languages.map((language, i) =>
        i === index ? { ...language, ...change } : change.isDefault ? { ...language, isDefault: false } : language,
      ),
    );

  const save = async () => {
    const done = await action.run(() => api('PUT', apiPath('/multilingual/languages'), { languages }).then(() => true), 'Languages saved');
    if (done) guard.saved();
  };

  return (
    <div className="stack">
      <p>
        Status: <strong>{initial.connected ? 'Connected' : 'Not connected'}</strong> · default language{' '}
        <strong>{initial.defaultLanguage}</strong>
      </p>
      <table>
        <thead>
          <tr>
            <th>Language</th>
            <th>Default</th>
            <th>Published</th>
            <th>Own translation</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {languages.map((language, index) => (
            <tr key={language.languageCode}>
              <td>{language.languageCode}</td>
              <td>
                <input
                  type="radio"
                  name="default-language"
                  aria-label={`${language.languageCode} is the default`}
                  disabled={!editable}
                  checked={language.isDefault}
                  onChange={() => update(index, { isDefault: true })}
                />
              </td>
              <td>
                <Check
                  label="Published"
                  disabled={!editable}
                  checked={language.published}
                  onChange={(v) => update(index, { published: v })}
                />
              </td>
              <td>
                <Check label="Custom" disabled={!editable} checked={language.custom} onChange={(v) => update(index, { custom: v })} />
              </td>
              <td>
                {editable && !language.isDefault ? (
                  <button type="button" onClick={() => setLanguages(languages.filter((_, i) => i !== index))}>
                    Remove
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editable ? (
        <>
          <div className="row">
            <Field label="Add a language" error={codeProblem}>
              <input value={code} placeholder="fr-FR" onChange={(e) => setCode(e.target.value)} />
            </Field>
            <button
              type="button"
              disabled={code.trim() === '' || Boolean(codeProblem)}
              onClick={() => {
                setLanguages([
                  ...languages,
                  { languageCode: code.trim(), isDefault: languages.length === 0, published: false, custom: false },
                ]);
                setCode('');
              }}
            >
              Add language
            </button>
          </div>
          <Outcome action={action} />
          <div className="row">
            <button type="button" className="primary" disabled={action.busy || languages.length === 0} onClick={() => void save()}>
              Save languages
            </button>
            {initial.connected ? (
              <button
                type="button"
                onClick={() => void action.run(() => api('DELETE', apiPath('/multilingual/connection')), 'Disconnected')}
              >
                Disconnect
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {languages.length === 0 ? <Problem message="Add at least one language." /> : null}
    </div>
  );
}
