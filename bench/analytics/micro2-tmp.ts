import { createHash, randomUUID } from 'node:crypto';
import { RecordHitForm, IngestAccepted } from '@sc/contracts';
const parse = (s: string) => Object.fromEntries(new URLSearchParams(s));
import { externalReferrer, pathOf } from '../../services/analytics/src/domain/urls.js';
import { deviceOf, isAutomated } from '../../services/analytics/src/domain/device.js';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const body = new URLSearchParams({ event: '1', data: JSON.stringify({ websiteId: 's', url: `https://shop.example.com/page-1`, title: 'Page', referrer: 'https://www.google.com/', viewportWidth: 1280, viewportHeight: 800, userAgent: UA, clientDate: Date.now() }), ss_cvr: randomUUID() }).toString();
function t(name: string, f: () => unknown, n = 20000) { for (let i = 0; i < 2000; i++) f(); const s = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(); console.log(name.padEnd(20), (Number(process.hrtime.bigint() - s) / 1e3 / n).toFixed(2), 'µs'); }
const form = parse(body);
t('querystring', () => parse(body));
t('zod form', () => RecordHitForm.parse(form));
t('zod out', () => IngestAccepted.parse({ accepted: 1 }));
t('pathOf', () => pathOf('https://shop.example.com/page-1'));
t('referrer', () => externalReferrer('https://www.google.com/', 'https://shop.example.com/page-1', undefined));
t('device', () => deviceOf(UA) + String(isAutomated(UA)));
t('sha256', () => createHash('sha256').update(`salt\nsite\nc:${UA}`).digest('hex').slice(0, 32));
t('uuid', () => randomUUID());
