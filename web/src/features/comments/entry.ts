// Entry of the 'comments' island: the comment form under an item's comments, and the storefront's start.
import { boot } from '../../storefront/boot.js';
import { mount } from './mount.js';

boot({ comments: mount });
