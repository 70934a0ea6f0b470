// Entry of the 'newsletter' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../newsletter/mount.js';

boot({ newsletter: mount });
