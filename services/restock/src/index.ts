export { restockService, buildApp, createRestockService, type RestockOptions } from './app.js';
export { createRestockModule, type RestockModule } from './module.js';
export { RestockService } from './signups/signups.service.js';
export { applyStockChanged, applyContentEvent } from './consumers/restock.consumer.js';
