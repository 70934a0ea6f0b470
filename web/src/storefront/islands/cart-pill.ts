// Entry of the 'cart-pill' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../pill/mount.js';

boot({ 'cart-pill': mount });
