// Entry of the 'like-button' island: every like button of the page, and the storefront's start.
import { boot } from '../../storefront/boot.js';
import { mount } from './mount.js';

boot({ 'like-button': mount });
