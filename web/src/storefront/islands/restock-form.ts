// Entry of the 'restock-form' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../restock/mount.js';

boot({ 'restock-form': mount });
