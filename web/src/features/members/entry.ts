// Entry of the 'member-access' island (the access-denied page's CTA), and the storefront's start.
import { boot } from '../../storefront/boot.js';
import { mount } from './mount.js';

boot({ 'member-access': mount });
