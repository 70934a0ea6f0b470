// Entry of the 'product-reviews' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../reviews/mount.js';

boot({ 'product-reviews': mount });
