// Fuzzing the validate and save routes with fast-check: 10,000 generated bodies (arbitrary JSON,
// and values shaped like the fields of a form with every field type) never get a 5xx or crash
// the service; every answer is a JSON body.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asFromGateway } from '@sc/platform/test-kit';
import fc from 'fast-check';
import { EVERY_FIELD, setup, SIGNING_KEY, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const FIELD_IDS = (EVERY_FIELD.build?.fields ?? []).map((f) => f.id);

const json = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(
  json,
  fc.string(),
  fc.array(fc.string(), { maxLength: 6 }),
  fc.array(fc.record({ value: fc.oneof(fc.string(), fc.integer()), checked: fc.oneof(fc.boolean(), json) }), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('Fast', 'Friendly', 'first', 'last', 'month', '__proto__', 'constructor'), json),
);
const formValues = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_IDS), fc.string({ maxLength: 70 })), fieldValue, { maxKeys: 25 });

describe('fuzzing validate and save', () => {
  let kit: Kit;
  let formId: string;

  beforeAll(async () => {
    kit = await setup({ submitLimit: { max: 1_000_000, windowMs: 60_000 } });
    formId = await kit.createForm(EVERY_FIELD);
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  it('never answers 5xx for 10,000 inputs', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ route: fc.constant('validate' as const), body: fc.oneof(formValues, json) }),
          fc.record({
            route: fc.constant('save' as const),
            realKey: fc.boolean(),
            body: fc.oneof(
              json,
              fc.record(
                {
                  formId: fc.oneof(fc.constant('FORM'), fc.string({ maxLength: 70 })),
                  key: fc.string({ maxLength: 210 }),
                  form: fc.oneof(
                    formValues,
                    formValues.map((v) => JSON.stringify(v)),
                    fc.string(),
                    json,
                  ),
                  captchaKey: fc.string(),
                  pageTitle: fc.string(),
                  pageId: fc.string(),
                  contentSource: fc.oneof(fc.constantFrom('i', 'c'), fc.string()),
                  pagePath: fc.oneof(fc.string(), fc.constant('/p?ref=x&ref=y')),
                  pagePermissionTypeValue: fc.oneof(fc.integer(), json),
                },
                { requiredKeys: ['formId', 'key', 'form'] },
              ),
            ),
          }),
        ),
        async (input) => {
          const send = (url: string, body: unknown) =>
            kit.app.inject({
              method: 'POST',
              url,
              headers: asFromGateway({ 'content-type': 'application/json', 'x-website-id': kit.site }, SIGNING_KEY),
              payload: JSON.stringify(body) ?? 'null',
            });
          let response;
          if (input.route === 'validate') {
            response = await send(`/api/rest/forms/validate/${formId}`, input.body);
          } else {
            let body: unknown = input.body;
            if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'formId' in body) {
              body = { ...body, ...(body.formId === 'FORM' ? { formId } : {}), ...(input.realKey ? { key: await kit.key() } : {}) };
            }
            response = await send('/api/form/SaveFormSubmission', body);
          }
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode).toBeLessThan(500);
          expect(() => JSON.parse(response.body) as unknown).not.toThrow();
        },
      ),
      { numRuns: 10_000 },
    );
    // The generator reaches the interesting answers, not only schema refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
