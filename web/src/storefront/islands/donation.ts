// Entry of the 'donation' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../donation/mount.js';

boot({ donation: mount });
