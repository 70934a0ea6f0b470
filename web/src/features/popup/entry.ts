// Entry of the 'popup-overlay' island. It has no mount element of its own (the dialog is made when
// it opens), so it runs once; boot starts the rest of the storefront.
import { boot } from '../../storefront/boot.js';
import { mount } from './mount.js';

boot();
mount();
