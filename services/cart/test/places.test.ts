// Address lookup through the gateway (SPEC 7 /api/google-maps/places/*): the offline provider,
// the hosted service through a local stand-in (with its key), and the fallback when it is down.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { PlacesMessages } from '@sc/contracts';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { freePort, mode, unique } from '@sc/platform/test-kit';
import { HostedPlacesProvider } from '../src/places/hosted-provider.js';
import { OfflinePlacesProvider } from '../src/places/offline-provider.js';
import { missingTrackingContext } from '../src/places/places.routes.js';
import { APP_START_TIMEOUT_MS, setup, SIGNING_KEY, type Kit } from './kit.js';

const KEY = 'places-test-key';

/** A stand-in for the hosted places service: answers like it does, or fails when told to. */
async function standIn(): Promise<{ app: FastifyInstance; url: string; down: { value: boolean }; keys: string[] }> {
  const app = Fastify();
  const down = { value: false };
  const keys: string[] = [];
  app.get('/maps/api/place/autocomplete/json', async (req, reply) => {
    const q = req.query as Record<string, string>;
    keys.push(q.key ?? '');
    if (down.value) return reply.status(500).send('down');
    return {
      status: 'OK',
      predictions: [
        {
          description: '1 Infinite Loop, Cupertino, CA, USA',
          place_id: 'hosted-1',
          structured_formatting: { main_text: '1 Infinite Loop', secondary_text: 'Cupertino, CA, USA' },
        },
      ],
    };
  });
  app.get('/maps/api/place/details/json', async (req, reply) => {
    if (down.value) return reply.status(500).send('down');
    const q = req.query as Record<string, string>;
    if (q.place_id !== 'hosted-1') return { status: 'NOT_FOUND' };
    const c = (long: string, short: string, ...types: string[]) => ({ long_name: long, short_name: short, types });
    return {
      status: 'OK',
      result: {
        address_components: [
          c('1', '1', 'street_number'),
          c('Infinite Loop', 'Infinite Loop', 'route'),
          c('Cupertino', 'Cupertino', 'locality'),
          c('California', 'CA', 'administrative_area_level_1'),
          c('United States', 'US', 'country'),
          c('95014', '95014', 'postal_code'),
        ],
      },
    };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, down, keys };
}

describe(`address lookup through the gateway (${mode.database})`, () => {
  let offlineKit: Kit;
  let hostedKit: Kit;
  let offline: FastifyInstance;
  let hosted: FastifyInstance;
  let service: Awaited<ReturnType<typeof standIn>>;

  beforeAll(async () => {
    service = await standIn();
    offlineKit = await setup({ places: [new OfflinePlacesProvider()] });
    hostedKit = await setup({
      places: [new HostedPlacesProvider({ apiKey: KEY, baseUrl: service.url, timeoutMs: 2_000 }), new OfflinePlacesProvider()],
    });
    const gatewayFor = async (kit: Kit) => {
      const cartUrl = await kit.app.listen({ port: 0, host: '127.0.0.1' });
      const gateway = await buildGateway({
        config: GatewayEnv.parse({
          ...process.env,
          IDENTITY_SIGNING_KEY: SIGNING_KEY,
          LOG_LEVEL: 'silent',
          CART_URL: cartUrl,
          CONTENT_URL: `http://127.0.0.1:${await freePort()}`,
          FALLBACK_WEBSITE_ID: unique('places'),
        }),
      });
      await gateway.ready();
      return gateway;
    };
    offline = await gatewayFor(offlineKit);
    hosted = await gatewayFor(hostedKit);
  }, 2 * APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await offline.close();
    await hosted.close();
    await offlineKit.close();
    await hostedKit.close();
    await service.app.close();
  });

  it('suggests the typed address in its country layout, and its details give the fields', async () => {
    const suggestions = await request(offline.server)
      .get('/api/google-maps/places/autocomplete')
      .query({ input: '1600 amphitheatre pkwy, mountain view, ca 94043-1351' })
      .expect(200);
    const [first] = suggestions.body.predictions;
    expect(first).toMatchObject({
      description: '1600 amphitheatre pkwy, mountain view, CA 94043-1351, United States',
      mainText: '1600 amphitheatre pkwy',
      secondaryText: 'mountain view, CA 94043-1351, United States',
    });
    const details = await request(offline.server)
      .get('/api/google-maps/places/details')
      .query({ placeId: first.placeId, productPage: '/shop/p/tote', productSection: 'checkout' })
      .expect(200);
    expect(details.body.result).toEqual({
      placeId: first.placeId,
      formattedAddress: '1600 amphitheatre pkwy, mountain view, CA 94043-1351, United States',
      address: { line1: '1600 amphitheatre pkwy', line2: '', city: 'mountain view', region: 'CA', postalCode: '94043-1351', country: 'US' },
      problems: [],
    });
  });

  it('reports what is wrong with the chosen address, and details still answer without tracking context', async () => {
    const suggestions = await request(offline.server)
      .get('/api/google-maps/places/autocomplete')
      .query({ input: '5 Main St, Albany, NY 94043' })
      .expect(200);
    const placeId = suggestions.body.predictions[0].placeId as string;
    const details = await request(offline.server).get('/api/google-maps/places/details').query({ placeId }).expect(200);
    expect(details.body.result.problems).toEqual(['ZIP code 94043 is not in NY.']);
    expect(missingTrackingContext({})).toEqual(['productPage', 'productSection']);
    expect(missingTrackingContext({ productPage: '/shop/p/x' })).toEqual(['productSection']);
  });

  it('keeps to a country and refuses bad input with a clear 400', async () => {
    const nz = await request(offline.server)
      .get('/api/google-maps/places/autocomplete')
      .query({ input: '1 Queen St, Auckland 1010', country: 'nz' })
      .expect(200);
    expect(nz.body.predictions.map((p: { description: string }) => p.description)).toEqual(['1 Queen St, Auckland 1010, New Zealand']);
    const none = await request(offline.server).get('/api/google-maps/places/autocomplete').query({ input: '12 Main' }).expect(200);
    expect(none.body.predictions).toEqual([]);
    const empty = await request(offline.server).get('/api/google-maps/places/autocomplete').query({ input: '  ' }).expect(400);
    expect(empty.body.error).toMatchObject({ message: 'The querystring is not valid.', fields: { input: 'Type part of an address.' } });
    const country = await request(offline.server)
      .get('/api/google-maps/places/autocomplete')
      .query({ input: '1 Rue X', country: 'FR' })
      .expect(400);
    expect(country.body.error.fields).toEqual({ country: 'country must be one of US, CA, AU, NZ, GB' });
    const forged = await request(offline.server)
      .get('/api/google-maps/places/details')
      .query({ placeId: 'offline:bm90LWpzb24' })
      .expect(404);
    expect(forged.body.error.message).toBe(PlacesMessages.expiredPlace);
  });

  it('uses the hosted service with its key, and falls back to the offline provider while it is down', async () => {
    const viaHosted = await request(hosted.server)
      .get('/api/google-maps/places/autocomplete')
      .query({ input: '1 Infinite Loop' })
      .expect(200);
    expect(viaHosted.body.predictions).toEqual([
      {
        placeId: 'hosted-1',
        description: '1 Infinite Loop, Cupertino, CA, USA',
        mainText: '1 Infinite Loop',
        secondaryText: 'Cupertino, CA, USA',
      },
    ]);
    expect(service.keys).toContain(KEY);
    const details = await request(hosted.server)
      .get('/api/google-maps/places/details')
      .query({ placeId: 'hosted-1', productPage: 'p', productSection: 's' })
      .expect(200);
    expect(details.body.result.address).toEqual({
      line1: '1 Infinite Loop',
      line2: '',
      city: 'Cupertino',
      region: 'CA',
      postalCode: '95014',
      country: 'US',
    });

    service.down.value = true;
    try {
      const fallback = await request(hosted.server)
        .get('/api/google-maps/places/autocomplete')
        .query({ input: '1 Infinite Loop, Cupertino, CA 95014' })
        .expect(200);
      expect(fallback.body.predictions[0].description).toBe('1 Infinite Loop, Cupertino, CA 95014, United States');
      const unavailable = await request(hosted.server).get('/api/google-maps/places/details').query({ placeId: 'hosted-1' }).expect(503);
      expect(unavailable.body.error.message).toBe(PlacesMessages.unavailable);
    } finally {
      service.down.value = false;
    }
  });
});
