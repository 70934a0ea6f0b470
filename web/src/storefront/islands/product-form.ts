// Entry of the 'product-form' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../product/mount.js';

boot({ 'product-form': mount });
