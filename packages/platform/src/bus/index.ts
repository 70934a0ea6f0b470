export * from './bus.js';
export { MemoryBus, type MemoryBusOptions } from './memory-bus.js';
export { NatsBus, type NatsBusOptions } from './nats-bus.js';
export { natsPrefix, type PrefixSource } from './prefix.js';
