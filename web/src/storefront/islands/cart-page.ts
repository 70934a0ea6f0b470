// Entry of the 'cart-page' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../cart/mount.js';

boot({ 'cart-page': mount });
