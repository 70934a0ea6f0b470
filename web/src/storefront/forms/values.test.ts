// The island's raw answers become what the contracts' SPEC 5 sanitizing and validation read.
import { describe, expect, it } from '@jest/globals';
import type { FormField } from '@sc/contracts';
import { checkAnswers, initialValues, savedToRaw } from './values.js';

const fields = [
  { id: 'name', type: 'name', title: 'Name', description: '', required: true },
  { id: 'phone', type: 'phone', title: 'Phone', description: '', showCountryCode: false, required: false },
  { id: 'topics', type: 'checkbox', title: 'Topics', description: '', options: ['A', 'B'], required: true },
  { id: 'mood', type: 'likert', title: 'Mood', description: '', options: ['Service was quick'], required: false },
  { id: 'note', type: 'textarea', title: 'Note', description: '', placeholder: '', required: false, maxLength: 5 },
  { id: 'email', type: 'email', title: 'Email', description: '', placeholder: '', required: false },
  { id: 'ref', type: 'hidden', title: 'Ref', key: 'ref', value: 'site' },
  { id: 'intro', type: 'section', title: 'About you', description: '', underline: false },
] as FormField[];

describe('form answers', () => {
  it('gives SPEC 5 messages for a blank form', () => {
    const checked = checkAnswers(fields, initialValues({ fields }), {});
    expect(checked.errors).toEqual({ name: 'Required', topics: 'Required' });
  });

  it('sanitizes every kind of field', () => {
    const checked = checkAnswers(
      fields,
      {
        ...initialValues({ fields }),
        name: { first: 'Ada', last: 'Lovelace' },
        phone: { areaCode: '207', prefix: '555', line: '0199' },
        topics: ['B'],
        mood: { 'Service was quick': '2' },
        note: 'hi',
      },
      { ref: 'newsletter' },
    );
    expect(checked.errors).toEqual({});
    expect(checked.values).toEqual({
      name: ['Ada', 'Lovelace'],
      phone: ['', '207', '555', '0199'],
      topics: ['B'],
      mood: { 'Service was quick': '2' },
      note: 'hi',
      email: '',
      ref: 'newsletter',
    });
  });

  it('flags a textarea over its limit and an address that is not one', () => {
    const checked = checkAnswers(
      fields,
      { ...initialValues({ fields }), name: { first: 'A', last: 'B' }, topics: ['A'], note: 'toolong', email: 'nope' },
      {},
    );
    expect(checked.errors).toEqual({
      note: 'You have exceeded the character limit.',
      email: 'Email is not valid. Email addresses should follow the format name@example.com.',
    });
  });

  it('reads saved answers back as the raw values they came from (the cart page edits them)', () => {
    const raw = {
      ...initialValues({ fields }),
      name: { first: 'Ada', last: 'Lovelace' },
      phone: { areaCode: '207', prefix: '555', line: '0199' },
      topics: ['B'],
      mood: { 'Service was quick': '1' },
      note: 'hi',
    };
    const saved = JSON.stringify(checkAnswers(fields, raw, {}).values);
    const back = savedToRaw(fields, saved);
    expect(back).toEqual({
      name: { first: 'Ada', last: 'Lovelace' },
      phone: { country: '', areaCode: '207', prefix: '555', line: '0199' },
      topics: ['B'],
      mood: { 'Service was quick': '1' },
      note: 'hi',
      email: '',
    });
    expect(checkAnswers(fields, { ...initialValues({ fields }), ...back }, {}).values).toEqual(JSON.parse(saved));
    expect(savedToRaw(fields, 'not json')).toEqual({});
    expect(savedToRaw(fields, '[1,2]')).toEqual({});
  });
});
