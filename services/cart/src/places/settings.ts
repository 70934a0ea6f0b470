// The address lookup's settings: the hosted places service is used only when a key is set.
import { httpUrl, loadConfig } from '@sc/platform';
import { z } from 'zod';
import { HostedPlacesProvider } from './hosted-provider.js';
import { OfflinePlacesProvider } from './offline-provider.js';
import type { PlacesProvider } from './provider.js';

export const PlacesEnv = z.object({
  /** Key of the hosted places service; without it the built-in offline provider answers. */
  PLACES_API_KEY: z.string().default(''),
  PLACES_API_URL: httpUrl.default('https://maps.googleapis.com'),
  PLACES_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
});

/** The hosted provider when configured (with the offline one behind it), else the offline one. */
export function placesProvidersFromEnv(env: NodeJS.ProcessEnv = process.env): PlacesProvider[] {
  const config = loadConfig(PlacesEnv, env);
  const offline = new OfflinePlacesProvider();
  if (!config.PLACES_API_KEY) return [offline];
  return [
    new HostedPlacesProvider({ apiKey: config.PLACES_API_KEY, baseUrl: config.PLACES_API_URL, timeoutMs: config.PLACES_TIMEOUT_MS }),
    offline,
  ];
}
