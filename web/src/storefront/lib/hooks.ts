// React views of the shared storefront state.
import { useSyncExternalStore } from 'react';
import { cartStore, type CartState } from './cart-store.js';

const subscribe = (listener: () => void) => cartStore.subscribe(listener);
const snapshot = () => cartStore.get();

/** The shared cart state (SPEC 4 "Cart"), re-rendering on every change. */
export const useCart = (): CartState => useSyncExternalStore(subscribe, snapshot, snapshot);
