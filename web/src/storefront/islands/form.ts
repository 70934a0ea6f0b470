// Entry of the 'form' island: its code, and the storefront's start (boot runs once a page).
import { boot } from '../boot.js';
import { mount } from '../forms/mount.js';

boot({ form: mount });
