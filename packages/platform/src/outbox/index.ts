export { enqueueEvent, type OutboxTables } from './outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './relay.js';
export { handleOnce } from './handled.js';
