// The builder's live preview: the form as visitors will see it, from the settings being edited
// (nothing is sent from here).
import { useState } from 'react';
import {
  FIELD_PARTS,
  FormMessages,
  fieldPartLabel,
  LIKERT_DEFAULT_LABELS,
  formatMessage,
  parseMessage,
  type FormField,
  type FormSettings,
} from '@sc/contracts';

export function FormPreview({ settings }: { settings: FormSettings }) {
  const disclaimer = settings.disclaimer.enabled ? parseMessage(settings.disclaimer.message) : '';
  return (
    <form className="form-preview stack" aria-label={`Preview of ${settings.name}`} onSubmit={(e) => e.preventDefault()}>
      {settings.build.fields.map((field) => (
        <PreviewField key={field.id} field={field} />
      ))}
      {settings.captcha.enabled ? (
        <div className={`captcha-placeholder captcha-${settings.captcha.theme}`} style={{ textAlign: settings.captcha.alignment }}>
          [captcha · {settings.captcha.size}]
        </div>
      ) : null}
      {disclaimer ? <div className="disclaimer" dangerouslySetInnerHTML={{ __html: disclaimer }} /> : null}
      <button type="submit">{settings.build.submitButtonText}</button>
    </form>
  );
}

function PreviewField({ field }: { field: FormField }) {
  const [text, setText] = useState('');
  const title = (
    <span className="field-label">
      {field.title}
      {'required' in field && field.required ? ' *' : ''}
    </span>
  );
  const description = 'description' in field && field.description ? <span className="hint">{field.description}</span> : null;
  switch (field.type) {
    case 'section':
      return (
        <div className="preview-section" style={field.underline ? { borderBottom: '1px solid currentColor' } : undefined}>
          <strong>{field.title}</strong>
          {description}
        </div>
      );
    case 'hidden':
      return null;
    case 'textarea':
      return (
        <label className="field">
          {title}
          {description}
          <textarea placeholder={field.placeholder} value={text} onChange={(e) => setText(e.target.value)} />
          {field.maxLength ? (
            <span className={text.length > field.maxLength ? 'field-error' : 'hint'}>
              {formatMessage(FormMessages.characterCounter, { count: text.length, max: field.maxLength })}
            </span>
          ) : null}
        </label>
      );
    case 'radio':
    case 'checkbox':
      return (
        <fieldset>
          <legend>{title}</legend>
          {description}
          {field.options.map((option) => (
            <label key={option} className="check">
              <input type={field.type} name={field.id} /> {option}
            </label>
          ))}
        </fieldset>
      );
    case 'select':
      return (
        <label className="field">
          {title}
          {description}
          <select>
            {field.options.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
      );
    case 'likert':
      return (
        <fieldset>
          <legend>{title}</legend>
          {field.options.map((statement) => (
            <div key={statement} className="row">
              <span>{statement}</span>
              {LIKERT_DEFAULT_LABELS.map((label) => (
                <label key={label} className="check">
                  <input type="radio" name={`${field.id}-${statement}`} /> {label}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      );
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      const parts = field.type === 'phone' && !field.showCountryCode ? FIELD_PARTS.phone.slice(1) : FIELD_PARTS[field.type];
      return (
        <fieldset>
          <legend>{title}</legend>
          {description}
          <div className="row">
            {parts.map((part) => (
              <input
                key={part}
                aria-label={`${field.title} ${fieldPartLabel(field.type, part)}`}
                placeholder={fieldPartLabel(field.type, part)}
                size={8}
              />
            ))}
          </div>
        </fieldset>
      );
    }
    case 'currency':
      return (
        <label className="field">
          {title}
          {description}
          <span>
            {field.currencySymbol} <input inputMode="decimal" />
          </span>
        </label>
      );
    case 'text':
    case 'email':
    case 'number':
    case 'website':
    case 'password':
    case 'twitter':
      return (
        <label className="field">
          {title}
          {description}
          <input
            type={field.type === 'email' ? 'email' : field.type === 'password' ? 'password' : field.type === 'number' ? 'number' : 'text'}
            placeholder={'placeholder' in field ? field.placeholder : undefined}
          />
        </label>
      );
  }
}
