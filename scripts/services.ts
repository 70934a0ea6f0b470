// How to build every service, for the launchers and the tests that start them all.
import type { FastifyInstance } from 'fastify';
import { buildApp as analytics } from '@sc/analytics';
import { buildApp as cart } from '@sc/cart';
import { buildApp as content } from '@sc/content';
import { buildApp as forms } from '@sc/forms';
import { buildApp as identity } from '@sc/identity';
import type { BuildServiceOptions, ServiceName } from '@sc/platform';
import { buildApp as render } from '@sc/render';
import { buildApp as restock } from '@sc/restock';

export const SERVICES: Record<ServiceName, (options?: BuildServiceOptions) => Promise<FastifyInstance>> = {
  cart,
  forms,
  restock,
  identity,
  analytics,
  content,
  render,
};
