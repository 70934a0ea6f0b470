// Entry of the 'installment-pill' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../installments/mount.js';

boot({ 'installment-pill': mount });
