// Entry of the 'lesson-tracking' island (present only with the video paywall beta flag on).
import { boot } from '../../storefront/boot.js';
import { start } from './mount.js';

boot();
start();
