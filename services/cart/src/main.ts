import { runService } from '@sc/platform';
import { cartService } from './app.js';

await runService(cartService);
