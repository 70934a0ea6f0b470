// Owner routes of the admin app's store screens beyond owner.routes.ts: shipping options and tax
// rules one at a time (orders and coupons are in orders/, gift cards and subscriptions have their
// own folders). store:read to look, store:manage to change.
import {
  CommerceMessages,
  Deleted,
  Permission,
  ShippingOptionInput,
  ShippingOptionList,
  ShippingOptionParams,
  ShippingOptionResponse,
  ShippingOptionUpdateBody,
  TaxRuleInput,
  TaxRuleList,
  TaxRuleParams,
  TaxRuleResponse,
  TaxRuleUpdateBody,
  type ShippingOption,
  type TaxRule,
} from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import { cartFailure } from '../shared/errors.js';
import type { CartModule } from '../module.js';

const MAX_SHIPPING_OPTIONS = 50;
const MAX_TAX_RULES = 200;

export function storeRoutes(app: ZodApp, parts: Pick<CartModule, 'store'>): void {
  const { store } = parts;

  // --- Shipping options and tax rules, one at a time (PUT /api/commerce/store-rules replaces whole lists).

  app.get(
    '/api/commerce/shipping-options',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's shipping options", response: { 200: ShippingOptionList } } }),
    async (request) => ({ shippingOptions: (await store.rules(websiteIdOf(request))).shippingOptions }),
  );

  app.post(
    '/api/commerce/shipping-options',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Create a shipping option', body: ShippingOptionInput, response: { 201: ShippingOptionResponse } },
    }),
    async (request, reply) => {
      const option: ShippingOption = request.body;
      await store.editList(websiteIdOf(request), 'shippingOptions', (items) => {
        if (items.some((o) => o.id === option.id)) throw cartFailure(409, CommerceMessages.shippingOptionExists);
        if (items.length >= MAX_SHIPPING_OPTIONS) throw cartFailure(400, `A store has at most ${MAX_SHIPPING_OPTIONS} shipping options.`);
        return [...items, option];
      });
      return reply.status(201).send({ shippingOption: option });
    },
  );

  app.put(
    '/api/commerce/shipping-options/:optionId',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Change a shipping option',
        params: ShippingOptionParams,
        body: ShippingOptionUpdateBody,
        response: { 200: ShippingOptionResponse },
      },
    }),
    async (request) => {
      const option: ShippingOption = { id: request.params.optionId, ...request.body };
      await store.editList(websiteIdOf(request), 'shippingOptions', (items) => {
        if (!items.some((o) => o.id === option.id)) throw cartFailure(404, CommerceMessages.shippingOptionNotFound);
        return items.map((o) => (o.id === option.id ? option : o));
      });
      return { shippingOption: option };
    },
  );

  app.delete(
    '/api/commerce/shipping-options/:optionId',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Delete a shipping option', params: ShippingOptionParams, response: { 200: Deleted } },
    }),
    async (request) => {
      let deleted = false;
      await store.editList(websiteIdOf(request), 'shippingOptions', (items) => {
        deleted = items.some((o) => o.id === request.params.optionId);
        return items.filter((o) => o.id !== request.params.optionId);
      });
      return { deleted };
    },
  );

  app.get(
    '/api/commerce/tax-rules',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's tax rules", response: { 200: TaxRuleList } } }),
    async (request) => ({ taxRules: (await store.rules(websiteIdOf(request))).taxRules }),
  );

  app.post(
    '/api/commerce/tax-rules',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Create a tax rule', body: TaxRuleInput, response: { 201: TaxRuleResponse } },
    }),
    async (request, reply) => {
      const rule: TaxRule = request.body;
      await store.editList(websiteIdOf(request), 'taxRules', (items) => {
        if (items.some((r) => r.id === rule.id)) throw cartFailure(409, CommerceMessages.taxRuleExists);
        if (items.length >= MAX_TAX_RULES) throw cartFailure(400, `A store has at most ${MAX_TAX_RULES} tax rules.`);
        return [...items, rule];
      });
      return reply.status(201).send({ taxRule: rule });
    },
  );

  app.put(
    '/api/commerce/tax-rules/:ruleId',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Change a tax rule', params: TaxRuleParams, body: TaxRuleUpdateBody, response: { 200: TaxRuleResponse } },
    }),
    async (request) => {
      const rule: TaxRule = { id: request.params.ruleId, ...request.body };
      await store.editList(websiteIdOf(request), 'taxRules', (items) => {
        if (!items.some((r) => r.id === rule.id)) throw cartFailure(404, CommerceMessages.taxRuleNotFound);
        return items.map((r) => (r.id === rule.id ? rule : r));
      });
      return { taxRule: rule };
    },
  );

  app.delete(
    '/api/commerce/tax-rules/:ruleId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a tax rule', params: TaxRuleParams, response: { 200: Deleted } } }),
    async (request) => {
      let deleted = false;
      await store.editList(websiteIdOf(request), 'taxRules', (items) => {
        deleted = items.some((r) => r.id === request.params.ruleId);
        return items.filter((r) => r.id !== request.params.ruleId);
      });
      return { deleted };
    },
  );
}
