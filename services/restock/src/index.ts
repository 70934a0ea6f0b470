export { restockService, buildApp, createRestockService, type RestockOptions } from './app.js';
export { RestockService } from './restock.service.js';
export { applyStockChanged, applyContentEvent } from './consumers/restock.consumer.js';
